"""The issue's anchor: Python's lxml iterparse feeding sqlite3, importing a SiteSchedule
feed into the same schema as `siteschedule import`, in one transaction, rows written as
their elements end and the elements cleared (constant memory).

    pip install lxml
    python3 Benchmarks/python/lxml_import.py FEED [ROUNDS]

Prints the median seconds, MB/s and rows/s over ROUNDS runs after a warm-up.
"""
import os
import sqlite3
import statistics
import sys
import tempfile
import time

from lxml import etree

SCHEMA = """
CREATE TABLE team (code TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL);
CREATE TABLE contact (teamCode TEXT NOT NULL REFERENCES team(code) ON DELETE CASCADE, position INTEGER NOT NULL,
  name TEXT NOT NULL, phone TEXT NOT NULL, isHead BOOLEAN NOT NULL, PRIMARY KEY (teamCode, position)) WITHOUT ROWID;
CREATE TABLE site (code TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, street TEXT NOT NULL, zip TEXT NOT NULL,
  city TEXT NOT NULL, countryCode TEXT NOT NULL);
CREATE TABLE activity (siteCode TEXT NOT NULL REFERENCES site(code) ON DELETE CASCADE, position INTEGER NOT NULL,
  teamCode TEXT NOT NULL REFERENCES team(code), start TEXT NOT NULL, "end" TEXT NOT NULL, summary TEXT NOT NULL,
  PRIMARY KEY (siteCode, position)) WITHOUT ROWID;
CREATE INDEX activity_team_start ON activity(teamCode, start);
"""


def sortable(text):
    day, clock = text.split(" ")
    hour, minute = clock.split(":")
    return "%s %02d:%s" % (day, int(hour), minute)


def run(feed, database):
    if os.path.exists(database):
        os.remove(database)
    db = sqlite3.connect(database)
    db.execute("PRAGMA foreign_keys = ON")
    db.executescript(SCHEMA)
    rows = 0
    with db:
        for _, element in etree.iterparse(feed, events=("end",), tag=("team", "site")):
            if element.tag == "team":
                code = element.get("code")
                db.execute("INSERT INTO team (code, name) VALUES (?, ?)", (code, element.findtext("name", "").strip()))
                rows += 1
                for position, contact in enumerate(element.iterfind("contact")):
                    db.execute(
                        "INSERT INTO contact (teamCode, position, name, phone, isHead) VALUES (?, ?, ?, ?, ?)",
                        (code, position, (contact.text or "").strip(), contact.get("phone", ""),
                         contact.get("isHead") == "YES"))
                    rows += 1
            else:
                code = element.get("code")
                city = element.find("city")
                db.execute(
                    "INSERT INTO site (code, name, street, zip, city, countryCode) VALUES (?, ?, ?, ?, ?, ?)",
                    (code, element.findtext("name", "").strip(), element.findtext("street", "").strip(),
                     city.get("zip", "") if city is not None else "",
                     (city.text or "").strip() if city is not None else "",
                     element.findtext("countryCode", "").strip()))
                rows += 1
                for position, activity in enumerate(element.iterfind("activities/activity")):
                    db.execute(
                        'INSERT INTO activity (siteCode, position, teamCode, start, "end", summary) VALUES (?, ?, ?, ?, ?, ?)',
                        (code, position, activity.get("team"), sortable(activity.get("start")),
                         sortable(activity.get("end")), (activity.text or "").strip()))
                    rows += 1
            element.clear()
            while element.getprevious() is not None:
                del element.getparent()[0]
    db.close()
    return rows


def report(label, run_once, feed, rounds):
    """Runs `run_once()` (which returns the rows imported) once to warm up and `rounds` times
    more, and prints the median seconds, MB/s and rows/s under `label`."""
    run_once()
    times = []
    rows = 0
    for _ in range(rounds):
        start = time.perf_counter()
        rows = run_once()
        times.append(time.perf_counter() - start)
    seconds = statistics.median(times)
    size = os.path.getsize(feed)
    print("%s: %d rows, %.3f s (median of %d), %.1f MB/s, %.0f rows/s"
          % (label, rows, seconds, rounds, size / 1e6 / seconds, rows / seconds))


def main():
    feed = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    database = os.path.join(tempfile.gettempdir(), "lxml-import.sqlite")
    report("lxml iterparse + sqlite3", lambda: run(feed, database), feed, rounds)
    os.remove(database)


if __name__ == "__main__":
    main()
