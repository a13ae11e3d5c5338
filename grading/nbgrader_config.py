# nbgrader's configuration for the treasurekit course folder (docs/teaching.md, "Marking the
# exercises"). Run nbgrader from this folder: `nbgrader generate_assignment ahoy`, and so on.
# source/<game>/ holds one assignment per game, written by scripts/make_grading.py.
c = get_config()  # noqa: F821

c.CourseDirectory.course_id = "treasurekit"
# The gradebook: an SQLite file next to this one.
c.CourseDirectory.db_url = "sqlite:///gradebook.db"
# Each test cell is worth one point; a cell that runs too long counts as failed.
c.ExecutePreprocessor.timeout = 120
