"""Vectors of ``int8`` lanes for compiled kernels: an LLVM vector type reached from numba.

The retrograde kernel (`triangles_core.engine.retrograde`) solves groups of 32 positions
at once, each position a *lane* of one LLVM ``<32 x i8>`` value (on x86 with AVX2 one
``ymm`` register).  Numba has no vector type, so this module adds one: the numba type
`Lanes` (a vector of ``count`` lanes), the token `LaneWidth` that a caller passes to a
kernel so that numba compiles one kernel per lane count, and the few intrinsics the
kernel needs (load, store, lane-wise maximum).  Nothing here knows about games.
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.core.extending import NativeValue, intrinsic, models, register_model, typeof_impl, unbox

__all__ = [
    "LaneWidth",
    "Lanes",
    "array_pointer",
    "emit_max",
    "lane_count",
    "lanes_max",
    "load_lanes",
    "store_lanes",
    "vector_type",
]


class Lanes(types.Type):
    """numba type of a vector of ``count`` ``int8`` lanes (LLVM ``<count x i8>``)."""

    def __init__(self, count: int) -> None:
        self.count = count
        super().__init__(name=f"Lanes({count})")


@register_model(Lanes)
class _LanesModel(models.PrimitiveModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, vector_type(fe_type.count))


def vector_type(count: int) -> ir.VectorType:
    """The LLVM type ``<count x i8>``."""
    return ir.VectorType(ir.IntType(8), count)


class LaneWidth:
    """Python token passed to a kernel so that numba compiles one kernel per lane count.

    Its numba type is ``Lanes(count)``; inside the kernel it is a zero vector whose only
    use is its type.

    Parameters
    ----------
    count : int
        Number of lanes (a power of two, 1 to 64).

    Examples
    --------
    >>> LaneWidth(32).count
    32
    """

    def __init__(self, count: int) -> None:
        self.count = count


@typeof_impl.register(LaneWidth)
def _typeof_lane_width(value, context):
    return Lanes(value.count)


@unbox(Lanes)
def _unbox_lanes(typ, obj, c):
    return NativeValue(ir.Constant(vector_type(typ.count), None))


def array_pointer(context, builder, array_type, array, start, count):
    """LLVM pointer to ``array[start]`` as a pointer to a vector of ``count`` lanes."""
    data = context.make_array(array_type)(context, builder, array).data
    return builder.bitcast(builder.gep(data, [start]), vector_type(count).as_pointer())


def emit_max(builder, a, b):
    """LLVM code for the lane-wise signed maximum of two vectors (``vpmaxsb``)."""
    return builder.select(builder.icmp_signed(">", a, b), a, b)


@intrinsic
def lane_count(typingctx, like):
    """Number of lanes of ``like`` (a compile-time constant)."""
    if not isinstance(like, Lanes):
        return None

    def codegen(context, builder, sig, args):
        return ir.Constant(ir.IntType(64), sig.args[0].count)

    return types.int64(like), codegen


@intrinsic
def load_lanes(typingctx, array, start, like):
    """``array[start:start + count]`` as a vector of ``like``'s type (an unaligned load)."""
    if not isinstance(like, Lanes):
        return None

    def codegen(context, builder, sig, args):
        count = sig.args[2].count
        return builder.load(array_pointer(context, builder, sig.args[0], args[0], args[1], count), align=1)

    return like(array, start, like), codegen


@intrinsic
def store_lanes(typingctx, array, start, vector):
    """``array[start:start + count] = vector`` (an unaligned store; bounds not checked)."""
    if not isinstance(vector, Lanes):
        return None

    def codegen(context, builder, sig, args):
        count = sig.args[2].count
        builder.store(args[2], array_pointer(context, builder, sig.args[0], args[0], args[1], count), align=1)
        return context.get_dummy_value()

    return types.none(array, start, vector), codegen


@intrinsic
def lanes_max(typingctx, a, b):
    """Lane-wise signed maximum of two vectors of the same type."""
    if not isinstance(a, Lanes) or a != b:
        return None

    def codegen(context, builder, sig, args):
        return emit_max(builder, args[0], args[1])

    return a(a, b), codegen
