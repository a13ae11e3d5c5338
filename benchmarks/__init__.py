"""treasurekit benchmarks: ``make bench`` (or ``python -m benchmarks``).

Throughput and latency measurements, never timed tests. Results print as a markdown
table and are written to ``benchmarks/results.md`` with the machine they ran on.
"""
