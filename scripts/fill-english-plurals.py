#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fills the singular and plural forms of English numerus messages.

The source text is written in the plural ("%n retries"); the singular is
derived with a small table of word pairs. Messages whose forms are already
filled in (with no "(s)" left) are left alone.
"""
import re
import sys
import xml.etree.ElementTree as ET

SINGULAR = [
    ("retries", "retry"), ("problem(s)", "problem"), ("candidate(s)", "candidate"),
    ("attempts", "attempt"), ("events", "event"), ("warnings", "warning"), ("rules", "rule"),
    ("errors", "error"), ("profiles", "profile"),
]


def singular(text: str) -> str:
    out = text
    for plural, single in SINGULAR:
        out = re.sub(r"(%n\s+)" + re.escape(plural), r"\g<1>" + single, out, count=1)
    out = re.sub(r"(\w+)\(s\)", r"\1", out)  # "house rule(s)" -> "house rule"
    # The verb after a counted subject agrees: "%n candidate is", "%n rule was".
    for many, one in (("are", "is"), ("were", "was"), ("have", "has")):
        out = re.sub(r"(%n\s+[a-z]+\s+)" + many + r"\b", r"\g<1>" + one, out)
    return out


def plural(text: str) -> str:
    return re.sub(r"(\w+)\(s\)", r"\1s", text)


def main(path: str) -> None:
    tree = ET.parse(path)
    for message in tree.iter("message"):
        if message.get("numerus") != "yes":
            continue
        source = message.find("source").text or ""
        translation = message.find("translation")
        forms = translation.findall("numerusform")
        # Filled, and no "(s)" left over from a source the table did not know: keep.
        if forms and all(f.text and "(s)" not in f.text for f in forms):
            continue
        for f in forms:
            translation.remove(f)
        for text in (singular(source), plural(source)):
            ET.SubElement(translation, "numerusform").text = text
        translation.attrib.pop("type", None)
    tree.write(path, encoding="utf-8", xml_declaration=True)
    with open(path, "r+", encoding="utf-8") as f:
        content = f.read().replace("<?xml version='1.0' encoding='utf-8'?>", '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>', 1)
        f.seek(0)
        f.write(content)
        f.truncate()


if __name__ == "__main__":
    main(sys.argv[1])
