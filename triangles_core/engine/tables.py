"""Former home of the table-backed solution: now `triangles_core.engine.table_solution`.

Kept so that ``from triangles_core.engine.tables import Solution`` keeps working (the
name clashed with `triangles_core.analysis.tables`, the pandas tables).
"""

from .table_solution import Solution, TableSolution, check_values

__all__ = ["Solution", "TableSolution", "check_values"]
