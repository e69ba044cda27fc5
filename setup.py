"""Build configuration that pyproject.toml cannot say: the top-level templates/, static/, migrations/ and docs/
folders travel inside the wheel as app/_data/<folder> (found at run time through the package, app/assets.py)."""
from setuptools import find_namespace_packages, find_packages, setup

#: Folders kept at the top of the repository that the app reads at run time.
ASSETS = ("templates", "static", "migrations", "docs")


def asset_packages(folder: str) -> list[str]:
    """The folder and each folder under it, as packages of data under app._data."""
    inner = find_namespace_packages(where=folder, exclude=["*__pycache__*"])
    return [f"app._data.{folder}"] + [f"app._data.{folder}.{name}" for name in inner]


setup(
    packages=find_packages(include=["app", "app.*"]) + [name for folder in ASSETS for name in asset_packages(folder)],
    package_dir={f"app._data.{folder}": folder for folder in ASSETS},
)
