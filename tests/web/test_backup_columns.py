"""The backup's columns are written once, on the file's parts (app/store/backup/format.py): each is a field of its
part and a column of its table under the same name, and the parts' names are not the tables' models' names."""
import pytest

from app.store.backup.format import CompetitionPart, HouseRulesPart, HouseRulesVersionPart
from app.store.club.competition_models import CompetitionRow
from app.store.club.house_models import HouseRulesRow, HouseRulesVersion
from app.store.backup import format as backup_format
from app.store.backup.format import (AttendeePart, CallPart, EntryPart, EventPart, GamePart, HandPart, MemberPart,
                                     OrganiserPart, Part, SeasonPart, SeatPart, SessionLinePart, SessionPart,
                                     SubstitutePart, TeamPart)
from app.store.club.models import Attendance, ClubSession, Member, Season, SessionEvent, Substitution, TableCall
from app.store.people.models import Organiser
from app.store.game.models import Game, GameEvent, Hand, HandEntry, Player, Team

TABLE_OF = {OrganiserPart: Organiser, MemberPart: Member, SeasonPart: Season, AttendeePart: Attendance,
            CallPart: TableCall, SessionLinePart: SessionEvent, SessionPart: ClubSession, SeatPart: Player,
            TeamPart: Team, EntryPart: HandEntry, HandPart: Hand, EventPart: GameEvent, SubstitutePart: Substitution,
            GamePart: Game, HouseRulesPart: HouseRulesRow, HouseRulesVersionPart: HouseRulesVersion,
            CompetitionPart: CompetitionRow}


@pytest.mark.parametrize("part", TABLE_OF, ids=lambda part: part.__name__)
def test_each_column_is_a_field_of_the_part_and_a_column_of_its_table(part):
    assert part.COLUMNS and len(set(part.COLUMNS)) == len(part.COLUMNS)
    assert set(part.COLUMNS) <= set(part.model_fields)
    assert set(part.COLUMNS) <= set(TABLE_OF[part].__table__.columns.keys())


def test_every_part_of_the_file_is_checked_here():
    parts = {value for value in vars(backup_format).values()
             if isinstance(value, type) and issubclass(value, Part) and value.COLUMNS}
    assert parts == set(TABLE_OF)


def test_no_part_takes_the_name_of_a_model():
    models = {model.__name__ for model in TABLE_OF.values()}
    names = {value.__name__ for value in vars(backup_format).values() if isinstance(value, type)}
    assert not names & models
