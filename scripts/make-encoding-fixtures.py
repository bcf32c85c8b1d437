#!/usr/bin/env python3
"""Writes the feeds EncodingTranscodingTests reads, one per encoding, with Python's codecs.

For each encoding: NAME.xml (the feed in that encoding; characters it cannot express are
character references, as Python's xmlcharrefreplace writes them), NAME.utf8.xml (Python's
decoding of those bytes, declared UTF-8: the oracle) and NAME.starts (line, column and byte
offset of each start tag in NAME.xml). Each feed is checked against glibc's iconv under the
name the reader uses, so that the fixtures hold only characters both agree on.

Run from the repository's root: python3 scripts/make-encoding-fixtures.py
"""
import subprocess
from pathlib import Path

OUT = Path("Tests/XMLStreamingTests/Fixtures/encodings")

TEXT = {
    "zh-hant": ("香港天文台發出暴雨警告", "市民應留在安全地方，注意最新消息。", "天氣"),
    "zh-hans": ("北京今日发布暴雨预警", "市民应留在安全地点，关注最新消息。", "天气"),
    "ja": ("東京で大雨警報が発表されました", "気象庁によると、今夜から明日にかけて激しい雨が降る見込みです。", "天気"),
    "ko": ("서울에 호우 경보 발령", "기상청은 오늘 밤부터 내일까지 강한 비가 내릴 것으로 예상했습니다.", "날씨"),
    "ru": ("В Москве объявлено штормовое предупреждение", "Синоптики ожидают сильный дождь и ветер до утра.", "Погода"),
    "th": ("กรมอุตุนิยมวิทยาเตือนฝนตกหนัก", "ประชาชนควรติดตามข่าวสารอย่างใกล้ชิด", "อากาศ"),
    "en": ("Storm warning for the coast", "Heavy rain and wind are expected overnight.", "Weather"),
}

# file name, Python codec, declared label, iconv name the reader uses, language, extra
# characters (some inexpressible in the encoding: they become references).
ENCODINGS = [
    ("big5", "big5", "Big5", "BIG5", "zh-hant", "😀 𠮷 €"),
    ("big5-hkscs", "big5hkscs", "Big5-HKSCS", "BIG5-HKSCS", "zh-hant", "😀 𠮷 €"),
    ("gb2312", "gb2312", "GB2312", "GB2312", "zh-hans", "😀 𠮷 €"),
    ("gbk", "gbk", "GBK", "GBK", "zh-hans", "😀 𠮷 €"),
    ("gb18030", "gb18030", "GB18030", "GB18030", "zh-hans", "😀 𠮷 €"),
    ("euc-kr", "euc_kr", "EUC-KR", "CP949", "ko", "😀 €"),
    ("cp949", "cp949", "CP949", "CP949", "ko", "😀 €"),
    ("euc-jp", "euc_jp", "EUC-JP", "EUC-JP", "ja", "😀 𠮷 €"),
    ("shift_jis", "shift_jis", "Shift_JIS", "CP932", "ja", "😀 𠮷 € ~ \\"),
    ("cp932", "cp932", "windows-31j", "CP932", "ja", "😀 𠮷 €"),
    ("iso-2022-jp", "iso2022_jp", "ISO-2022-JP", "ISO-2022-JP", "ja", "😀 €"),
    ("utf-32", "utf-32", "UTF-32", "UTF-32", "ja", "😀 𠮷 €"),
    ("utf-32be", "utf-32-be", "UTF-32", "UTF-32BE", "ru", "😀 €"),
    # Big-endian with its byte-order mark (Python's utf-32-be writes none: added below).
    ("utf-32be-bom", "utf-32-be", "UTF-32", "UTF-32", "ja", "😀 𠮷 €"),
    ("ibm866", "cp866", "IBM866", "IBM866", "ru", "😀 €"),
    ("tis-620", "tis_620", "TIS-620", "TIS-620", "th", "😀 €"),
    ("koi8-r", "koi8_r", "KOI8-R", "KOI8-R", "ru", "😀 €"),
    ("ibm037", "cp037", "IBM037", "IBM037", "en", "é ü €"),
]


def feed(label, language, extra):
    title, description, category = TEXT[language]
    items = []
    for i in range(1, 4):
        items.append(
            f'  <item id="{i}">\n'
            f'    <title>{title} ({i})</title>\n'
            f'    <category domain="{category}">{category} {extra}</category>\n'
            f'    <description><![CDATA[<p>{description}</p>]]></description>\n'
            f'    <!-- {category} -->\n'
            f'    <link>https://example.com/news/{i}?lang={language}&amp;id={i}</link>\n'
            f'  </item>\n')
    return (f'<?xml version="1.0" encoding="{label}"?>\n'
            f'<rss version="2.0">\n<channel xml:lang="{language}">\n  <title a="{extra}">{category}</title>\n'
            + "".join(items) + "</channel>\n</rss>\n")


def encode(text, codec):
    return text.encode(codec, errors="xmlcharrefreplace")


def starts(text, codec):
    """Line, column and byte offset of each start tag, from the encoded prefix."""
    rows = []
    line, column = 1, 1
    skip_to = None
    for i, ch in enumerate(text):
        if skip_to is None:
            if text.startswith("<![CDATA[", i):
                skip_to = "]]>"
            elif text.startswith("<!--", i):
                skip_to = "-->"
            elif ch == "<" and text[i + 1] not in "?!/":
                # The byte-order mark of UTF-32 is part of every prefix, as of the file.
                rows.append(f"{line}:{column}:{len(encode(text[:i], codec))}")
        elif text.startswith(skip_to, i):
            skip_to = None
        if ch == "\n":
            line, column = line + 1, 1
        else:
            column += 1
    return rows


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for name, codec, label, iconv_name, language, extra in ENCODINGS:
        text = feed(label, language, extra)
        # Characters the codec cannot write become references; the oracle reads the bytes.
        data = encode(text, codec)
        decoded = data.decode(codec)
        bom = b"\x00\x00\xfe\xff" if name.endswith("-bom") else b""
        data = bom + data
        via_iconv = subprocess.run(["iconv", "-f", iconv_name, "-t", "UTF-8"], input=data, capture_output=True, check=True).stdout
        assert via_iconv.decode("utf-8") == decoded, f"{name}: glibc's {iconv_name} and Python's {codec} disagree"
        (OUT / f"{name}.xml").write_bytes(data)
        oracle = decoded.replace(f'encoding="{label}"', 'encoding="UTF-8"', 1)
        (OUT / f"{name}.utf8.xml").write_bytes(oracle.encode("utf-8"))
        # Offsets: of the text with its references, encoded as the file is.
        rows = starts(decoded, codec)
        if bom:
            rows = [f"{r.rsplit(':', 1)[0]}:{int(r.rsplit(':', 1)[1]) + len(bom)}" for r in rows]
        (OUT / f"{name}.starts").write_text("\n".join(rows) + "\n")
        print(f"{name}: {len(data)} bytes")


main()
