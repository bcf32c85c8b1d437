"""The issue's PostgreSQL anchor: Python's lxml iterparse feeding psycopg 3, importing a
SiteSchedule feed into the same tables as `siteschedule import --db postgres://…`, in one
transaction, rows written as their elements end and the elements cleared (constant memory).

Rows are gathered per table and sent in batches of 1,000 with `executemany`, which psycopg 3
pipelines (no round trip per row): the way a Python team would write a fast import without
dropping to COPY. Teams and sites go before their children, so the references hold.

    pip install lxml 'psycopg[binary]'
    python3 Benchmarks/python/lxml_psycopg_import.py FEED URL [ROUNDS]

Drops and recreates the four tables in URL's database before every run. Prints the median
seconds, MB/s and rows/s over ROUNDS runs after a warm-up.
"""
import sys

import psycopg
from lxml import etree

from lxml_import import report, sortable

SCHEMA = [
    "DROP TABLE IF EXISTS activity, site, contact, team, siteschedule_migration CASCADE",
    'CREATE TABLE team (code TEXT COLLATE "C" PRIMARY KEY, name TEXT COLLATE "C" NOT NULL)',
    """CREATE TABLE contact (teamCode TEXT COLLATE "C" NOT NULL REFERENCES team(code) ON DELETE CASCADE,
       position INTEGER NOT NULL, name TEXT COLLATE "C" NOT NULL, phone TEXT COLLATE "C" NOT NULL,
       isHead BOOLEAN NOT NULL, PRIMARY KEY (teamCode, position))""",
    """CREATE TABLE site (code TEXT COLLATE "C" PRIMARY KEY, name TEXT COLLATE "C" NOT NULL,
       street TEXT COLLATE "C" NOT NULL, zip TEXT COLLATE "C" NOT NULL, city TEXT COLLATE "C" NOT NULL,
       countryCode TEXT COLLATE "C" NOT NULL)""",
    """CREATE TABLE activity (siteCode TEXT COLLATE "C" NOT NULL REFERENCES site(code) ON DELETE CASCADE,
       position INTEGER NOT NULL, teamCode TEXT COLLATE "C" NOT NULL REFERENCES team(code),
       start TEXT COLLATE "C" NOT NULL, "end" TEXT COLLATE "C" NOT NULL, summary TEXT COLLATE "C" NOT NULL,
       PRIMARY KEY (siteCode, position))""",
    "CREATE INDEX activity_team_start ON activity(teamCode, start)",
]

INSERTS = {
    "team": "INSERT INTO team (code, name) VALUES (%s, %s)",
    "contact": "INSERT INTO contact (teamCode, position, name, phone, isHead) VALUES (%s, %s, %s, %s, %s)",
    "site": "INSERT INTO site (code, name, street, zip, city, countryCode) VALUES (%s, %s, %s, %s, %s, %s)",
    "activity": 'INSERT INTO activity (siteCode, position, teamCode, start, "end", summary) VALUES (%s, %s, %s, %s, %s, %s)',
}
ORDER = ["team", "contact", "site", "activity"]
BATCH = 1000


def run(feed, url):
    with psycopg.connect(url, autocommit=True) as setup:
        for statement in SCHEMA:
            setup.execute(statement)
    rows = 0
    pending = {table: [] for table in ORDER}
    with psycopg.connect(url) as db, db.cursor() as cursor:
        def flush():
            for table in ORDER:
                if pending[table]:
                    cursor.executemany(INSERTS[table], pending[table])
                    pending[table].clear()

        for _, element in etree.iterparse(feed, events=("end",), tag=("team", "site")):
            code = element.get("code")
            if element.tag == "team":
                pending["team"].append((code, element.findtext("name", "").strip()))
                for position, contact in enumerate(element.iterfind("contact")):
                    pending["contact"].append((code, position, (contact.text or "").strip(), contact.get("phone", ""),
                                               contact.get("isHead") == "YES"))
            else:
                city = element.find("city")
                pending["site"].append((code, element.findtext("name", "").strip(), element.findtext("street", "").strip(),
                                        city.get("zip", "") if city is not None else "",
                                        (city.text or "").strip() if city is not None else "",
                                        element.findtext("countryCode", "").strip()))
                for position, activity in enumerate(element.iterfind("activities/activity")):
                    pending["activity"].append((code, position, activity.get("team"), sortable(activity.get("start")),
                                                sortable(activity.get("end")), (activity.text or "").strip()))
            element.clear()
            while element.getprevious() is not None:
                del element.getparent()[0]
            if sum(len(batch) for batch in pending.values()) >= BATCH:
                rows += sum(len(batch) for batch in pending.values())
                flush()
        rows += sum(len(batch) for batch in pending.values())
        flush()
        db.commit()
    return rows


def main():
    feed, url = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    report("lxml iterparse + psycopg", lambda: run(feed, url), feed, rounds)
    with psycopg.connect(url, autocommit=True) as setup:
        setup.execute(SCHEMA[0])


if __name__ == "__main__":
    main()
