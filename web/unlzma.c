// LZMA ("alone" format, as `xz --format=lzma` and Python's lzma.FORMAT_ALONE write it) decoder for the
// page's shell. web/shell.js unpacked index.wasm.lzma in JavaScript: 166-286 ms of the first frame's
// critical path (scripts/bench, loaded machine). Compiled freestanding to 6 KB of wasm (cmake/web.cmake),
// which the shell fetches beside index.wasm.lzma, it takes about a third of that. Written from the format's
// published description, as the JavaScript one was; tests/browser/test_21 checks it against every packed
// file of the site and on damaged input.
//
// The module owns its memory; the shell grows it, copies the packed bytes above __heap_base, and asks for
// the output beside them: unlzma_begin() reads the header, then unlzma_run() is called until it is done.
// The work is cut into calls because V8 runs a call to its end in the code it started with (wasm has no
// on-stack replacement): one long call would run in the baseline compiler's code throughout; cut into calls
// of a few hundred KB, the later ones can run the optimised code.

typedef unsigned int u32;
typedef unsigned short u16;
typedef unsigned char u8;

enum {
  UNLZMA_BAD_PROPERTIES = -1,
  UNLZMA_BAD_STREAM = -2,
  UNLZMA_BAD_DISTANCE = -3,
  UNLZMA_OUT_OF_SPACE = -4,  // the caller's buffer is too small (size unknown): try again with more
  UNLZMA_TRUNCATED = -5,
  UNLZMA_TOO_LONG = -6,  // more output than the header's size
};

// lc + lp <= 4, as LZMA2 requires and every encoder's presets keep: the literal table stays 24 KB.
#define LIT_MAX (0x300 << 4)

typedef struct {
  u16 choice[2], low[16 << 3], mid[16 << 3], high[256];
} LenCoder;

static u16 lit[LIT_MAX];
static u16 is_match[192], is_rep[12], is_rep_g0[12], is_rep_g1[12], is_rep_g2[12], is_rep0_long[192];
static u16 slot_probs[4 << 6], pos_probs[115], align_probs[16];
static LenCoder len_coder, rep_coder;

// The range decoder lives in locals of unlzma() once these are inlined (the struct never escapes).
typedef struct {
  const u8* in;
  const u8* end;
  u32 range, code;
  int truncated;
} Rc;

#define INLINE static inline __attribute__((always_inline))

INLINE void normalize(Rc* rc) {
  if (rc->range < (1u << 24)) {
    rc->range <<= 8;
    if (rc->in < rc->end)
      rc->code = (rc->code << 8) | *rc->in++;
    else
      rc->code <<= 8, rc->truncated = 1;
  }
}

INLINE u32 bit(Rc* rc, u16* p) {
  const u32 prob = *p, bound = (rc->range >> 11) * prob;
  u32 b;
  if (rc->code < bound) {
    rc->range = bound;
    *p = (u16)(prob + ((2048 - prob) >> 5));
    b = 0;
  } else {
    rc->range -= bound;
    rc->code -= bound;
    *p = (u16)(prob - (prob >> 5));
    b = 1;
  }
  normalize(rc);
  return b;
}

INLINE u32 tree(Rc* rc, u16* p, int bits) {
  u32 m = 1;
  for (int j = 0; j < bits; ++j) m = (m << 1) | bit(rc, p + m);
  return m - (1u << bits);
}

INLINE u32 reverse(Rc* rc, u16* p, int bits) {
  u32 m = 1, s = 0;
  for (int j = 0; j < bits; ++j) {
    const u32 b = bit(rc, p + m);
    m = (m << 1) | b;
    s |= b << j;
  }
  return s;
}

INLINE u32 direct(Rc* rc, int count) {
  u32 r = 0;
  while (count--) {
    rc->range >>= 1;
    u32 b = 0;
    if (rc->code >= rc->range) {
      rc->code -= rc->range;
      b = 1;
    }
    r = (r << 1) | b;
    normalize(rc);
  }
  return r;
}

INLINE u32 length(Rc* rc, LenCoder* d, u32 ps) {
  if (!bit(rc, &d->choice[0])) return tree(rc, d->low + (ps << 3), 3);
  if (!bit(rc, &d->choice[1])) return 8 + tree(rc, d->mid + (ps << 3), 3);
  return 16 + tree(rc, d->high, 8);
}

static void reset(u16* p, u32 count) {
  for (u32 i = 0; i < count; ++i) p[i] = 1024;
}

// Everything a call to unlzma_run() leaves for the next.
static struct {
  Rc rc;
  const u8* src;
  u8* out;
  u32 cap, known, lc, pb_mask, lp_mask;
  u32 state, rep0, rep1, rep2, rep3, n;
  u32 final;  // 0: more input may follow (unlzma_more)
  int done;   // 0: more to do, 1: finished (n is the length), < 0: failed
} z;

// The most input one symbol can read: a range-coder byte per decoded bit at worst, and a match (the longest
// symbol) decodes 52 bits at most: match flag, rep flags, length, slot, direct and align bits.
#define SYMBOL_MAX_IN 64

// Returns 0, or an error.
__attribute__((export_name("unlzma_begin"))) int unlzma_begin(const u8* src, u32 src_len, u8* out,
                                                              u32 out_cap) {
  z.done = UNLZMA_BAD_STREAM;
  if (src_len < 18) return z.done = UNLZMA_TRUNCATED;
  u32 props = src[0];
  if (props >= 225) return z.done = UNLZMA_BAD_PROPERTIES;
  const u32 lc = props % 9, lp = (props / 9) % 5, pb = props / 45;
  if (lc + lp > 4) return z.done = UNLZMA_BAD_PROPERTIES;
  // Bytes 1-4: the dictionary size. The whole output is kept, so any size works.
  u32 known = 0;
  for (int i = 5; i < 13; ++i)
    if (src[i] != 0xFF) known = 1;
  u32 size = 0;
  if (known) {
    if (src[12] || src[11] || src[10] || src[9]) return z.done = UNLZMA_TOO_LONG;  // over 4 GiB: not ours
    size = src[5] | (u32)src[6] << 8 | (u32)src[7] << 16 | (u32)src[8] << 24;
    if (size > out_cap) return z.done = UNLZMA_OUT_OF_SPACE;
  }
  if (src[13] != 0) return z.done = UNLZMA_BAD_STREAM;
  z.src = src;
  z.final = 1;
  z.rc.in = src + 14;
  z.rc.end = src + src_len;
  z.rc.range = 0xFFFFFFFFu;
  z.rc.code = 0;
  z.rc.truncated = 0;
  for (int i = 0; i < 4; ++i) z.rc.code = (z.rc.code << 8) | *z.rc.in++;

  reset(lit, 0x300u << (lc + lp));
  reset(is_match, 192), reset(is_rep, 12), reset(is_rep_g0, 12), reset(is_rep_g1, 12);
  reset(is_rep_g2, 12), reset(is_rep0_long, 192), reset(slot_probs, 4 << 6), reset(pos_probs, 115);
  reset(align_probs, 16);
  reset((u16*)&len_coder, sizeof(LenCoder) / 2), reset((u16*)&rep_coder, sizeof(LenCoder) / 2);

  z.out = out;
  z.cap = known ? size : out_cap;
  z.known = known;
  z.lc = lc;
  z.pb_mask = (1u << pb) - 1;
  z.lp_mask = (1u << lp) - 1;
  z.state = z.rep0 = z.rep1 = z.rep2 = z.rep3 = z.n = 0;
  z.done = 0;
  return 0;
}

// Streaming: the input given so far is `src_len` bytes from the start (the same place, grown); `final`: it
// is all there is. Until then unlzma_run() stops short of the input's end, where a symbol might run past it.
__attribute__((export_name("unlzma_more"))) void unlzma_more(u32 src_len, u32 final) {
  z.rc.end = z.src + src_len;
  z.final = final;
}

// Decodes until about `budget` more bytes are out or the stream ends. Returns 0 while there is more, 1 once
// done (unlzma_length() is then the output's length), 2 when it needs more input (unlzma_more), or an error.
__attribute__((export_name("unlzma_run"))) int unlzma_run(u32 budget) {
  if (z.done) return z.done;
  Rc rc = z.rc;
  u8* const out = z.out;
  const u32 cap = z.cap, known = z.known, lc = z.lc, pb_mask = z.pb_mask, lp_mask = z.lp_mask;
  u32 state = z.state, rep0 = z.rep0, rep1 = z.rep1, rep2 = z.rep2, rep3 = z.rep3, n = z.n;
  const u32 stop = budget < cap - n ? n + budget : cap;
  int result = 0;
  for (;;) {
    if (known && n >= cap) {
      result = 1;
      break;
    }
    if (n >= stop) break;
    if (!z.final && rc.end - rc.in < SYMBOL_MAX_IN) {
      result = 2;
      break;
    }
    if (rc.truncated) {
      result = UNLZMA_TRUNCATED;
      break;
    }
    const u32 ps = n & pb_mask;
    if (!bit(&rc, &is_match[(state << 4) + ps])) {
      if (n >= cap) {
        result = known ? UNLZMA_TOO_LONG : UNLZMA_OUT_OF_SPACE;
        break;
      }
      const u32 prev = n ? out[n - 1] : 0;
      u16* probs = lit + 0x300 * (((n & lp_mask) << lc) + (prev >> (8 - lc)));
      u32 s = 1;
      if (state >= 7) {
        u32 match = out[n - rep0 - 1];
        while (s < 0x100) {
          const u32 m = (match >> 7) & 1;
          match <<= 1;
          const u32 b = bit(&rc, probs + ((1 + m) << 8) + s);
          s = (s << 1) | b;
          if (m != b) break;
        }
      }
      while (s < 0x100) s = (s << 1) | bit(&rc, probs + s);
      out[n++] = (u8)s;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    u32 len;
    if (bit(&rc, &is_rep[state])) {
      if (n == 0) {
        result = UNLZMA_BAD_STREAM;
        break;
      }
      if (!bit(&rc, &is_rep_g0[state])) {
        if (!bit(&rc, &is_rep0_long[(state << 4) + ps])) {
          if (n >= cap) {
            result = known ? UNLZMA_TOO_LONG : UNLZMA_OUT_OF_SPACE;
            break;
          }
          state = state < 7 ? 9 : 11;
          out[n] = out[n - rep0 - 1];
          ++n;
          continue;
        }
      } else {
        u32 dist;
        if (!bit(&rc, &is_rep_g1[state])) {
          dist = rep1;
        } else {
          if (!bit(&rc, &is_rep_g2[state])) {
            dist = rep2;
          } else {
            dist = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = dist;
      }
      len = length(&rc, &rep_coder, ps);
      state = state < 7 ? 8 : 11;
    } else {
      rep3 = rep2, rep2 = rep1, rep1 = rep0;
      len = length(&rc, &len_coder, ps);
      state = state < 7 ? 7 : 10;
      const u32 slot = tree(&rc, slot_probs + ((len < 3 ? len : 3) << 6), 6);
      if (slot < 4) {
        rep0 = slot;
      } else {
        const int nb = (int)(slot >> 1) - 1;
        rep0 = (2 | (slot & 1)) << nb;
        if (slot < 14) {
          rep0 += reverse(&rc, pos_probs + rep0 - slot, nb);
        } else {
          rep0 += direct(&rc, nb - 4) << 4;
          rep0 += reverse(&rc, align_probs, 4);
          if (rep0 == 0xFFFFFFFFu) {  // the end marker
            result = rc.truncated ? UNLZMA_TRUNCATED : known && n != cap ? UNLZMA_BAD_STREAM : 1;
            break;
          }
        }
      }
      if (rep0 >= n) {
        result = UNLZMA_BAD_DISTANCE;
        break;
      }
    }
    len += 2;
    if (len > cap - n) {
      result = known ? UNLZMA_TOO_LONG : UNLZMA_OUT_OF_SPACE;
      break;
    }
    const u8* from = out + n - rep0 - 1;
    for (u32 k = 0; k < len; ++k) out[n + k] = from[k];
    n += len;
  }
  if (result == 1 && rc.truncated) result = UNLZMA_TRUNCATED;
  z.rc = rc;
  z.state = state, z.rep0 = rep0, z.rep1 = rep1, z.rep2 = rep2, z.rep3 = rep3, z.n = n;
  if (result != 0 && result != 2) z.done = result;
  return result;
}

__attribute__((export_name("unlzma_length"))) u32 unlzma_length(void) {
  return z.n;
}
