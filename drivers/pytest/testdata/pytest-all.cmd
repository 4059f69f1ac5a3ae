# Captured with pytest 7.2.1 (Debian python3-pytest 7.2.1-2), Python 3.11.2
# in acceptance/testdata/fixtures/pytest-basic (cwd /work/main/acceptance/testdata/fixtures/pytest-basic), plugin drivers/pytest/plugin; exit code: 2
AH_PYTEST_REPORT=pytest-all.jsonl PYTHONPATH=drivers/pytest/plugin PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -m pytest -p ah_pytest_report -p no:cacheprovider
