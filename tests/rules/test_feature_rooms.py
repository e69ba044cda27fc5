"""No feature package imports another: what two features share lives on a floor below both (the web kit in
app/web, the drawings in app/render, the API's description in app/openapi, the store, the engine), and only the
server (app/server), which builds the app from every feature, imports them all."""
import pytest

from tests.rules.test_import_direction import APP, FEATURES, KIT, app_imports, imports_of, under

#: What every feature may import: the floors below the features, and the app's own settings and reading.
FLOORS = ("app.rules", "app.store", *(f"app.{floor}" for floor in KIT), "app.config", "app.extensions",
          "app.assets", "app.reading")


def feature_imports(feature: str) -> list[tuple[str, str]]:
    """(file, module) for every import of the app by a file of the feature (`app.games`)."""
    return app_imports(feature.removeprefix("app."))


@pytest.mark.parametrize("feature", FEATURES)
def test_no_feature_imports_another(feature):
    assert feature_imports(feature)
    others = [other for other in FEATURES if other != feature]
    assert [(f, m) for f, m in feature_imports(feature) if under(m, others)] == []


@pytest.mark.parametrize("feature", FEATURES)
def test_a_feature_stands_on_its_own_package_and_the_floors(feature):
    assert [(f, m) for f, m in feature_imports(feature) if m != "app" and not under(m, [feature, *FLOORS])] == []


def test_every_package_of_the_app_is_a_feature_a_floor_or_the_server():
    packages = {f"app.{path.parent.name}" for path in APP.glob("*/__init__.py")}
    assert packages == set(FEATURES) | {floor for floor in FLOORS if (APP / floor[4:]).is_dir()} | {"app.server"}


def test_only_the_server_imports_the_features():
    importers = {f.split("/")[1] for floor in KIT + ("store", "rules") for f, m in app_imports(floor)
                 if under(m, FEATURES)}
    assert importers == set()
    assert any(under(m, FEATURES) for _, m in app_imports("server"))


def test_an_import_of_another_feature_is_found(tmp_path):
    folder = tmp_path / "app" / "members"
    folder.mkdir(parents=True)
    (folder / "probe.py").write_text("from app.club.board import board_json\nfrom app.records import views\n")
    found = imports_of(folder / "probe.py", tmp_path)
    assert under("app.club.board", ["app.club"]) and {"app.club.board", "app.records.views"} <= found
