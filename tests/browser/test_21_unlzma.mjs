// The shell's LZMA decoder (web/unlzma.c, shipped as the site's unlzma.wasm): every packed file of the site
// unpacks to the bytes of its unpacked copy; index.wasm.lzma unpacks to a wasm module of the header's size,
// whatever size the calls are cut into; damaged input is refused with an error code, never a hang, an
// overrun of the buffer it was given, or a wrong length. Run in node: no page is needed.
import {readFileSync, readdirSync, existsSync} from 'node:fs';
import {join} from 'node:path';
import {execFileSync} from 'node:child_process';

export const name = 'the LZMA decoder unpacks every packed file and refuses damaged ones';

const ERRORS = {'-1': 'bad properties', '-2': 'bad stream', '-3': 'bad distance', '-4': 'out of space',
  '-5': 'truncated', '-6': 'too long'};

function decoder(site) {
  const e = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(join(site, 'unlzma.wasm'))), {}).exports;
  // Mirrors web/shell.js's use, with a guard band after the output to catch writes past its end.
  return (src, {chunk = 262144, cap = null, guard = 4096} = {}) => {
    let known = false, size = 0;
    for (let i = 5; i < 13 && src.length >= 13; ++i) if (src[i] !== 255) known = true;
    if (known) for (let i = 10; i >= 5; --i) size = size * 256 + src[i];
    const room = cap ?? (known ? size : src.length * 8 + 65536);
    const base = e.__heap_base.value, at = base + src.length, need = at + room + guard;
    const have = e.memory.buffer.byteLength;
    if (need > have) e.memory.grow(Math.ceil((need - have) / 65536));
    new Uint8Array(e.memory.buffer, base, src.length).set(src);
    new Uint8Array(e.memory.buffer, at + room, guard).fill(0xA5);
    let r = e.unlzma_begin(base, src.length, at, room), calls = 0;
    while (r === 0) {
      r = e.unlzma_run(chunk);
      if (++calls > 1e7) throw new Error('unlzma_run never finished');
    }
    const after = new Uint8Array(e.memory.buffer, at + room, guard);
    if (after.some((b) => b !== 0xA5)) throw new Error(`wrote past the ${room}-byte output buffer`);
    if (r !== 1) return {error: ERRORS[r] || `code ${r}`, calls};
    const n = e.unlzma_length();
    if (n > room) throw new Error(`length ${n} beyond the ${room}-byte buffer`);
    return {out: new Uint8Array(e.memory.buffer, at, n).slice(), calls};
  };
}

const same = (a, b) => a.length === b.length && Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

export default async function (t) {
  const unlzma = decoder(t.site);
  const assert = (ok, what) => { if (!ok) throw new Error(what); };

  // Every packed data file against its unpacked copy (the site keeps both).
  const packed = [];
  for (const dir of ['', 'catalogs']) {
    if (!existsSync(join(t.site, dir))) continue;
    for (const f of readdirSync(join(t.site, dir))) if (f.endsWith('.json.lzma')) packed.push(join(dir, f));
  }
  assert(packed.length >= 3, `only ${packed.length} packed data files in the site`);
  for (const f of packed) {
    const r = unlzma(readFileSync(join(t.site, f)));
    assert(r.out && same(r.out, readFileSync(join(t.site, f.replace(/\.lzma$/, '')))), `${f}: ${r.error || 'differs from its unpacked copy'}`);
  }
  t.log(`${packed.length} packed data files unpack to their unpacked copies`);

  // index.wasm.lzma: a valid module, and the same bytes however the work is cut into calls.
  const wasm = readFileSync(join(t.site, 'index.wasm.lzma'));
  const whole = unlzma(wasm, {chunk: 0x7FFFFFFF});
  assert(whole.out && whole.calls === 1, `index.wasm.lzma in one call: ${whole.error || whole.calls + ' calls'}`);
  assert(WebAssembly.validate(whole.out), 'index.wasm.lzma does not unpack to a valid wasm module');
  for (const chunk of [1, 4096, 262144]) {
    const r = unlzma(wasm, {chunk});
    assert(r.out && same(r.out, whole.out), `index.wasm.lzma in calls of ${chunk} bytes: ${r.error || 'different bytes'}`);
  }
  t.log(`index.wasm.lzma unpacks to ${whole.out.length} bytes of valid wasm, in 1 call or cut into many`);

  // As web/shell.js unpacks the primary while it downloads: the output first (the header's size), the input
  // after it, given in chunks (unlzma_more); until the last, the decoder stops short of the input's end
  // (code 2). Garbage after the input given so far must never reach the output.
  const size = wasm.readUInt32LE(5);
  assert(size === whole.out.length && wasm.readUInt32LE(9) === 0, `index.wasm.lzma's header gives ${size} bytes, not ${whole.out.length}`);
  const streamed = (src, part, {last = true} = {}) => {
    const e = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(join(t.site, 'unlzma.wasm'))), {}).exports;
    const out = e.__heap_base.value, at = out + size, need = at + src.length + 65536;
    const have = e.memory.buffer.byteLength;
    if (need > have) e.memory.grow(Math.ceil((need - have) / 65536));
    new Uint8Array(e.memory.buffer, at, src.length + 65536).fill(0xA5);
    let given = Math.min(src.length, Math.max(18, part)), r = 0, waits = 0;
    new Uint8Array(e.memory.buffer, at, given).set(src.subarray(0, given));
    r = e.unlzma_begin(at, given, out, size);
    while (r === 0 || r === 2) {
      const final = given >= src.length && last;
      e.unlzma_more(given, final ? 1 : 0);
      do r = e.unlzma_run(32768); while (r === 0);
      if (r !== 2) break;
      ++waits;
      if (given >= src.length) return {waiting: true, waits, n: e.unlzma_length()};
      const next = Math.min(src.length, given + part);
      new Uint8Array(e.memory.buffer, at + given, next - given).set(src.subarray(given, next));
      given = next;
    }
    if (r !== 1) return {error: ERRORS[r] || `code ${r}`, waits};
    return {out: new Uint8Array(e.memory.buffer, out, e.unlzma_length()).slice(), waits};
  };
  for (const part of [1, 97, 4096, 65536]) {
    const r = streamed(wasm, part);
    assert(r.out && same(r.out, whole.out), `index.wasm.lzma streamed in ${part}-byte chunks: ${r.error || 'different bytes'}`);
    assert(r.waits > 0, `streamed in ${part}-byte chunks, the decoder never waited for input`);
  }
  const cut = wasm.subarray(0, wasm.length >> 1);
  const open = streamed(cut, 4096, {last: false});
  assert(open.waiting && open.n > 0 && open.n < size, 'half the stream, more to come: the decoder did not wait with part of the output');
  const ended = streamed(cut, 4096);
  assert(ended.error === 'truncated', `half the stream, said to be all: ${ended.error || 'accepted'}`);
  t.log('index.wasm.lzma unpacks the same as it downloads, in chunks of 1 byte to 64 KB; a cut download is refused');

  // A stream without a size in its header (as Python's lzma and `xz --format=lzma` write by default) with
  // its end marker; too small a buffer says "out of space", which the shell answers with a bigger one.
  const text = Buffer.from('gpuwise 算力参谋 '.repeat(500));
  const py = '/usr/bin/python3';
  const alone = execFileSync(py, ['-c', 'import lzma,sys; sys.stdout.buffer.write(lzma.compress(sys.stdin.buffer.read(), format=lzma.FORMAT_ALONE))'], {input: text});
  assert(alone.subarray(5, 13).every((b) => b === 255), 'the end-marker stream has a size in its header');
  const r1 = unlzma(alone);
  assert(r1.out && same(r1.out, text), `a stream ended by its marker: ${r1.error || 'wrong bytes'}`);
  const small = unlzma(alone, {cap: 1000});
  assert(small.error === 'out of space', `too small a buffer: ${small.error || 'accepted'}`);

  // Damage: every cut of a small stream is refused, never read past; flipped bytes never overrun the buffer.
  for (let cut = 0; cut < alone.length; cut += Math.max(1, alone.length >> 6)) {
    const r = unlzma(alone.subarray(0, cut));
    assert(r.error, `the stream cut to ${cut} of ${alone.length} bytes was accepted`);
  }
  let refused = 0;
  for (let i = 0; i < 200; ++i) {
    const bad = Buffer.from(wasm.subarray(0, 4096 + i * 97));
    bad[13 + ((i * 7919) % (bad.length - 13))] ^= 1 + (i % 255);
    const r = unlzma(bad);  // throws on a hang or an overrun
    if (r.error) ++refused;
  }
  assert(refused === 200, `${200 - refused} of 200 damaged, cut copies of index.wasm.lzma were accepted`);
  const props = Buffer.from(alone);
  props[0] = 225;
  assert(unlzma(props).error === 'bad properties', 'properties byte 225 was accepted');
  t.log('cut and damaged streams are refused: truncated, bad distance, bad stream or bad properties');
}
