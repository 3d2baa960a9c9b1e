"""The few pieces of the wasm binary format the build and bench scripts read (LEB128 and sections)."""


def leb(buf, i):
    """The unsigned LEB128 number at buf[i]: (value, index after it)."""
    result = shift = 0
    while True:
        b = buf[i]
        i += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return result, i


def sections(buf):
    """(id, payload start, payload end, section start) of each section of the module in buf."""
    if buf[:4] != b"\0asm":
        raise ValueError("not a wasm module")
    i = 8
    while i < len(buf):
        sid = buf[i]
        size, j = leb(buf, i + 1)
        yield sid, j, j + size, i
        i = j + size
