"""How wide the printed sheet's text is, so its lines can be padded to columns without a box each.

Advance widths of DejaVu Sans and DejaVu Sans Condensed, regular and bold (the sheet's type, sheet_print.css),
in 1/2048 em, for printable ASCII, Latin-1, Latin Extended-A (the letters of most names a club will meet),
dashes, curly quotes, the ellipsis, the star and the fixed-width spaces; tests/web/test_sheets_pdf.py checks
them against the font files. Kerning and ligatures are off in sheet_print.css, so a text's width is the sum
of its characters' advances. Every line of the sheet is padded with spaces measured here, never with a tab:
WeasyPrint 70 draws a tab 1024/1000 as wide as it lays it out, which would shift what follows it.
"""
from __future__ import annotations

from functools import lru_cache

CHARS = ("".join(chr(code) for code in range(0x20, 0x7F)) + "".join(chr(code) for code in range(0xA0, 0x180))
         + "\u2212\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u2605\u2002\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f")
_WIDTHS = {
    ("regular", "normal"): (  # DejaVuSans.ttf
        "651 821 942 1716 1303 1946 1597 563 799 799 1024 1716 651 739 651 690 1303 1303 1303 1303 1303 1303 1303 "
        "1303 1303 1303 690 690 1716 1716 1716 1087 2048 1401 1405 1430 1577 1294 1178 1587 1540 604 604 1343 "
        "1141 1767 1532 1612 1235 1612 1423 1300 1251 1499 1401 2025 1403 1251 1403 799 690 799 1716 1024 1024 "
        "1255 1300 1126 1300 1260 721 1300 1298 569 569 1186 569 1995 1298 1253 1300 1300 842 1067 803 1298 1212 "
        "1675 1212 1212 1075 1303 690 1303 1716 651 821 1303 1303 1303 1303 690 1024 1024 2048 965 1253 1716 739 "
        "2048 1024 1024 1716 821 821 1024 1303 1303 651 1024 821 965 1253 1985 1985 1985 1087 1401 1401 1401 1401 "
        "1401 1401 1995 1430 1294 1294 1294 1294 604 604 604 604 1587 1532 1612 1612 1612 1612 1612 1716 1612 "
        "1499 1499 1499 1499 1251 1239 1290 1255 1255 1255 1255 1255 1255 2011 1126 1260 1260 1260 1260 569 569 "
        "569 569 1253 1298 1253 1253 1253 1253 1253 1716 1253 1298 1298 1298 1298 1212 1300 1212 1401 1255 1401 "
        "1255 1401 1255 1430 1126 1430 1126 1430 1126 1430 1126 1577 1300 1587 1300 1294 1260 1294 1260 1294 1260 "
        "1294 1260 1294 1260 1587 1300 1587 1300 1587 1300 1587 1300 1540 1298 1876 1423 604 569 604 569 604 569 "
        "604 569 604 569 1208 1138 604 569 1343 1186 1186 1141 569 1141 569 1141 768 1141 700 1151 582 1532 1298 "
        "1532 1298 1532 1298 1666 1532 1298 1612 1253 1612 1253 1612 1253 2191 2095 1423 842 1423 842 1423 842 "
        "1300 1067 1300 1067 1300 1067 1300 1067 1251 803 1251 803 1251 803 1499 1298 1499 1298 1499 1298 1499 "
        "1298 1499 1298 1499 1298 2025 1675 1251 1212 1251 1403 1075 1403 1075 1403 1075 721 1716 1024 2048 651 "
        "651 1061 1061 2048 1836 1024 675 512 342 1303 651 409 204 409"),
    ("regular", "condensed"): (  # DejaVuSansCondensed.ttf
        "585 738 847 1544 1172 1751 1437 506 719 719 921 1544 585 665 585 621 1172 1172 1172 1172 1172 1172 1172 "
        "1172 1172 1172 621 621 1544 1544 1544 978 1843 1260 1264 1287 1419 1164 1060 1428 1386 543 543 1208 1026 "
        "1590 1378 1450 1111 1450 1280 1170 1125 1349 1260 1822 1262 1125 1262 719 621 719 1544 921 921 1129 1170 "
        "1013 1170 1134 648 1170 1168 512 512 1067 512 1795 1168 1127 1170 1170 757 960 722 1168 1090 1507 1090 "
        "1090 967 1172 621 1172 1544 585 738 1172 1172 1172 1172 621 921 921 1843 868 1127 1544 665 1843 921 921 "
        "1544 738 738 921 1172 1172 585 921 738 868 1127 1786 1786 1786 978 1260 1260 1260 1260 1260 1260 1795 "
        "1287 1164 1164 1164 1164 543 543 543 543 1428 1378 1450 1450 1450 1450 1450 1544 1450 1349 1349 1349 "
        "1349 1125 1115 1161 1129 1129 1129 1129 1129 1129 1809 1013 1134 1134 1134 1134 512 512 512 512 1127 "
        "1168 1127 1127 1127 1127 1127 1544 1127 1168 1168 1168 1168 1090 1170 1090 1260 1129 1260 1129 1260 1129 "
        "1287 1013 1287 1013 1287 1013 1287 1013 1419 1170 1428 1170 1164 1134 1164 1134 1164 1134 1164 1134 1164 "
        "1134 1428 1170 1428 1170 1428 1170 1428 1170 1386 1168 1688 1280 543 512 543 512 543 512 543 512 543 512 "
        "1087 1024 543 512 1208 1067 1067 1026 512 1026 512 1026 691 1026 630 1035 523 1378 1168 1378 1168 1378 "
        "1168 1499 1378 1168 1450 1127 1450 1127 1450 1127 1971 1885 1280 757 1280 757 1280 757 1170 960 1170 960 "
        "1170 960 1170 960 1125 722 1125 722 1125 722 1349 1168 1349 1168 1349 1168 1349 1168 1349 1168 1349 1168 "
        "1822 1507 1125 1090 1125 1262 967 1262 967 1262 967 648 1544 921 1843 585 585 954 954 1843 1652 921 607 "
        "460 307 1172 585 368 183 368"),
    ("bold", "normal"): (  # DejaVuSans-Bold.ttf
        "713 934 1067 1716 1425 2052 1786 627 936 936 1071 1716 778 850 778 748 1425 1425 1425 1425 1425 1425 "
        "1425 1425 1425 1425 819 819 1716 1716 1716 1188 2048 1585 1561 1503 1700 1399 1399 1681 1714 762 762 "
        "1587 1305 2038 1714 1741 1501 1741 1577 1475 1397 1663 1585 2259 1579 1483 1485 936 748 936 1716 1024 "
        "1024 1382 1466 1214 1466 1389 891 1466 1458 702 702 1362 702 2134 1458 1407 1466 1466 1010 1219 979 1458 "
        "1335 1892 1321 1335 1192 1458 748 1458 1716 713 934 1425 1425 1303 1425 748 1024 1024 2048 1155 1323 "
        "1716 850 2048 1024 1024 1716 897 897 1024 1507 1303 778 1024 897 1155 1323 2120 2120 2120 1188 1585 1585 "
        "1585 1585 1585 1585 2222 1503 1399 1399 1399 1399 762 762 762 762 1716 1714 1741 1741 1741 1741 1741 "
        "1716 1741 1663 1663 1663 1663 1483 1511 1473 1382 1382 1382 1382 1382 1382 2146 1214 1389 1389 1389 1389 "
        "702 702 702 702 1407 1458 1407 1407 1407 1407 1407 1716 1407 1458 1458 1458 1458 1335 1466 1335 1585 "
        "1382 1585 1382 1585 1382 1503 1214 1503 1214 1503 1214 1503 1214 1700 1466 1716 1466 1399 1389 1399 1389 "
        "1399 1389 1399 1389 1399 1389 1681 1466 1681 1466 1681 1466 1681 1466 1714 1458 1994 1618 762 702 762 "
        "702 762 702 762 702 762 702 1524 1404 762 702 1587 1362 1362 1305 702 1305 702 1305 982 1305 1140 1315 "
        "760 1714 1458 1714 1458 1714 1458 2013 1714 1458 1741 1407 1741 1407 1741 1407 2390 2241 1577 1010 1577 "
        "1010 1577 1010 1475 1219 1475 1219 1475 1219 1475 1219 1397 979 1397 979 1397 979 1663 1458 1663 1458 "
        "1663 1458 1663 1458 1663 1458 1663 1458 2259 1892 1483 1335 1483 1485 1192 1485 1192 1485 1192 891 1716 "
        "1024 2048 778 778 1346 1346 2048 1836 1024 675 512 342 1425 778 409 204 409"),
    ("bold", "condensed"): (  # DejaVuSansCondensed-Bold.ttf
        "641 840 960 1544 1282 1846 1607 564 842 842 963 1544 700 765 700 673 1282 1282 1282 1282 1282 1282 1282 "
        "1282 1282 1282 737 737 1544 1544 1544 1069 1843 1426 1404 1352 1530 1259 1259 1512 1542 685 685 1428 "
        "1174 1834 1542 1566 1350 1566 1419 1327 1257 1496 1426 2033 1421 1334 1336 842 673 842 1544 921 921 1243 "
        "1319 1092 1319 1250 801 1319 1312 631 631 1225 631 1920 1312 1266 1319 1319 909 1097 881 1312 1201 1702 "
        "1188 1201 1072 1312 673 1312 1544 641 840 1282 1282 1172 1282 673 921 921 1843 1039 1190 1544 765 1843 "
        "921 921 1544 807 807 921 1356 1172 700 921 807 1039 1190 1908 1908 1908 1069 1426 1426 1426 1426 1426 "
        "1426 1999 1352 1259 1259 1259 1259 685 685 685 685 1544 1542 1566 1566 1566 1566 1566 1544 1566 1496 "
        "1496 1496 1496 1334 1359 1325 1243 1243 1243 1243 1243 1243 1931 1092 1250 1250 1250 1250 631 631 631 "
        "631 1266 1312 1266 1266 1266 1266 1266 1544 1266 1312 1312 1312 1312 1201 1319 1201 1426 1243 1426 1243 "
        "1426 1243 1352 1092 1352 1092 1352 1092 1352 1092 1530 1319 1544 1319 1259 1250 1259 1250 1259 1250 1259 "
        "1250 1259 1250 1512 1319 1512 1319 1512 1319 1512 1319 1542 1312 1794 1456 685 631 685 631 685 631 685 "
        "631 685 631 1371 1263 685 631 1428 1225 1225 1174 631 1174 631 1174 883 1174 1026 1183 684 1542 1312 "
        "1542 1312 1542 1312 1811 1542 1312 1566 1266 1566 1266 1566 1266 2151 2016 1419 909 1419 909 1419 909 "
        "1327 1097 1327 1097 1327 1097 1327 1097 1257 881 1257 881 1257 881 1496 1312 1496 1312 1496 1312 1496 "
        "1312 1496 1312 1496 1312 2033 1702 1334 1201 1334 1336 1072 1336 1072 1336 1072 801 1544 921 1843 700 "
        "700 1211 1211 1843 1652 921 607 460 307 1282 700 368 183 368"),
}
#: (weight, stretch) -> {character: advance}.
ADVANCES = {face: dict(zip(CHARS, map(int, widths.split()), strict=True)) for face, widths in _WIDTHS.items()}
#: A character outside the table (a name in another script, set in a fallback font) is taken as this wide:
#: more than any letter of DejaVu or a CJK ideograph, so a text cut to fit never overruns its room.
UNKNOWN = 3072
ELLIPSIS = "\u2026"
#: The fixed-width spaces the padding is made of: figure, punctuation, thin, hair, six-per-em, four-per-em,
#: three-per-em, en space.
SPACE_CHARS = "\u2007\u2008\u2009\u200a\u2006\u2005\u2004\u2002"


def measurable(text: str) -> bool:
    """Whether every character of the text is in the table (its width is then exact)."""
    return all(char in ADVANCES["regular", "normal"] for char in text)


@lru_cache(maxsize=4096)
def width(text: str, stretch: str = "normal", weight: str = "regular") -> int:
    """The width of a text, in 1/2048 em (characters outside the table: UNKNOWN)."""
    advances = ADVANCES[weight, stretch]
    return sum(advances.get(char, UNKNOWN) for char in text)


def cut_to_fit(text: str, room: int, stretch: str = "normal", weight: str = "regular") -> str:
    """The text as it is if it fits in `room` (1/2048 em), else as much as fits and an ellipsis."""
    if width(text, stretch, weight) <= room:
        return text
    room -= width(ELLIPSIS, stretch, weight)
    kept, used = "", 0
    for char in text:
        used += width(char, stretch, weight)
        if used > room:
            break
        kept += char
    return kept.rstrip() + ELLIPSIS


def wrap(text: str, room: int, stretch: str = "normal") -> list[str]:
    """The text broken at spaces into lines no wider than `room` (1/2048 em), as a browser wraps a cell;
    a word wider than the room is cut to fit."""
    space = width(" ", stretch)
    lines: list[str] = []
    line, used = "", 0
    for word in text.split(" "):
        size = width(word, stretch)
        if line and used + space + size > room:
            lines.append(line)
            line, used = "", 0
        line, used = (f"{line} {word}", used + space + size) if line else (word, size)
    if line or not lines:
        lines.append(line)
    return [cut_to_fit(line, room, stretch) for line in lines]


@lru_cache(maxsize=4)
def _space_runs(weight: str, stretch: str) -> tuple[tuple[int, str], ...]:
    """Every run of up to three of the fixed-width spaces, by width."""
    runs = {0: ""}
    for _ in range(3):
        for size, text in list(runs.items()):
            for char in SPACE_CHARS:
                runs.setdefault(size + width(char, stretch, weight), text + char)
    return tuple(sorted(runs.items()))


@lru_cache(maxsize=8192)
def spaces(stretch: str, room: int, weight: str = "regular") -> tuple[str, int]:
    """Spaces as near as can be to `room` (1/2048 em), and their width: as many figure spaces as leave a
    little, then the best run of up to three fixed-width spaces for the rest."""
    figure = width("\u2007", stretch, weight)
    count = max(0, room // figure - 1)
    rest = room - count * figure
    size, text = min(_space_runs(weight, stretch), key=lambda run: (abs(rest - run[0]), len(run[1])))
    return "\u2007" * count + text, count * figure + size
