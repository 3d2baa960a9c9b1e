// The page around the wasm: loading indicator, fatal errors, early CJK font fetch, service worker.
// Everything else (frames, input, URL, storage, test hook) lives in src/platform/web/web.cpp.
'use strict';
(function () {
  var loading = document.getElementById('loading');
  var text = document.getElementById('loading-text');

  function fail(msg) {
    loading.classList.remove('done');
    loading.classList.add('failed');
    text.textContent = msg;
  }

  // Chinese readers get the CJK font in parallel with the wasm, so their first frame is already in Chinese.
  function wantsChinese() {
    var h = location.hash;
    if (/[#&]lang=zh/.test(h)) return true;
    if (/[#&]lang=en/.test(h)) return false;
    try {
      var saved = localStorage.getItem('gpuwise.lang');
      if (saved) return saved === 'zh';
    } catch (e) { /* storage blocked: fall back to the browser */ }
    return /^zh/i.test(navigator.language || '');
  }
  if (wantsChinese()) window.gwCjkFont = fetch('fonts/cjk.ttf').then(function (r) {
    if (!r.ok) throw new Error('HTTP ' + r.status);
    return r.arrayBuffer();
  });

  // The data (scripts/build-web-data.py): data.json names today's files; the catalog and the presets,
  // which the first answer needs, are fetched now, while the wasm downloads. The wasm asks for every file
  // through gwData (src/platform/web/web.cpp): a file fetched early is handed over once, later asks fetch
  // again (the service worker answers them offline).
  var manifest = null;
  function getManifest() {
    if (!manifest) {
      manifest = fetch('data.json', {cache: 'no-cache'}).then(function (r) {
        if (!r.ok) throw new Error('data.json: HTTP ' + r.status);
        return r.json();
      });
      manifest.catch(function () { manifest = null; });  // the next ask tries again
    }
    return manifest;
  }
  var early = {};
  // name: a data/ file ("catalog.json") or a kept catalog ("catalogs/catalog-2026.11.1.json").
  function getData(name) {
    var p = early[name];
    if (p) {
      delete early[name];
      return p;
    }
    return getManifest().then(function (m) {
      var kept = /^catalogs\/catalog-([0-9A-Za-z._-]{1,40})\.json$/.exec(name);
      var file = kept ? (m.catalogs.indexOf(kept[1]) >= 0 ? name : null) : m.files[name];
      if (!file) throw new Error(name + ' is not on this site');
      // Each file also exists LZMA-packed (m.packed is the suffix, scripts/build-web-data.py): 16% fewer
      // bytes than gzip for the catalog and presets; unpacking the catalog takes about 10 ms.
      var packed = typeof m.packed === 'string' && m.packed;
      return fetch(packed ? file + packed : file).then(function (r) {
        if (!r.ok) throw new Error(file + (packed || '') + ': HTTP ' + r.status);
        return r.arrayBuffer();
      }).then(function (buf) {
        if (!packed) return buf;
        var bytes = unlzma(new Uint8Array(buf));
        return bytes.buffer.byteLength === bytes.length ? bytes.buffer : bytes.slice().buffer;
      });
    });
  }
  window.gwData = getData;
  window.gwManifest = getManifest;
  var first = ['catalog.json', 'presets.json'];
  // A link naming a library model (#...&model=qwen2.5-7b) cannot be answered without the model library
  // (src/app/state.cpp waits for it): fetch it now too, beside the wasm. Other visits fetch it only when
  // the picker is first used, so their first load stays small.
  if (/[#&]model=/.test(location.hash)) first.push('models.json');
  first.forEach(function (n) {
    var p = getData(n);
    p.catch(function () {});  // reported when the wasm asks for it
    early[n] = p;
  });

  // LZMA ("alone" format, as `xz --format=lzma` writes it) decoder: index.wasm ships LZMA-compressed, 19%
  // fewer bytes than gzip -9 (scripts/bench). Written from the format's published description.
  function unlzma(src) {
    var pos = 0;
    var props = src[pos++];
    if (props >= 225) throw new Error('lzma: bad properties');
    var lc = props % 9, lp = ((props / 9) | 0) % 5, pb = (props / 45) | 0;
    pos += 4;  // dictionary size: the whole output is kept, so any size works
    var size = -1, known = false;
    for (var i = 0, all = true; i < 8; ++i) if (src[pos + i] !== 255) all = false;
    if (!all) {
      size = 0;
      for (i = 5; i >= 0; --i) size = size * 256 + src[pos + i];
      known = true;
    }
    pos += 8;
    var out = new Uint8Array(known ? size : Math.max(1 << 16, src.length * 4));
    var n = 0;
    // The range coder's range and code, unsigned 32-bit (kept in a typed array: fast and never boxed).
    var rc = new Uint32Array(2);
    if (src[pos++] !== 0) throw new Error('lzma: bad stream');
    rc[0] = 0xFFFFFFFF;
    for (i = 0; i < 4; ++i) rc[1] = (rc[1] << 8) | src[pos++];
    function probs(k) {
      var p = new Uint16Array(k);
      p.fill(1024);
      return p;
    }
    function bit(p, k) {
      var prob = p[k];
      var bound = (rc[0] >>> 11) * prob;
      var b = 0;
      if (rc[1] < bound) {
        rc[0] = bound;
        p[k] = prob + ((2048 - prob) >>> 5);
      } else {
        rc[0] -= bound;
        rc[1] -= bound;
        p[k] = prob - (prob >>> 5);
        b = 1;
      }
      if (rc[0] < 0x1000000) {
        rc[0] <<= 8;
        rc[1] = (rc[1] << 8) | src[pos++];
      }
      return b;
    }
    function direct(count) {
      var r = 0;
      while (count--) {
        rc[0] >>>= 1;
        var b = 0;
        if (rc[1] >= rc[0]) {
          rc[1] -= rc[0];
          b = 1;
        }
        r = (r << 1) | b;
        if (rc[0] < 0x1000000) {
          rc[0] <<= 8;
          rc[1] = (rc[1] << 8) | src[pos++];
        }
      }
      return r >>> 0;
    }
    function tree(p, base, bits) {
      var m = 1;
      for (var j = 0; j < bits; ++j) m = (m << 1) | bit(p, base + m);
      return m - (1 << bits);
    }
    function reverse(p, base, bits) {
      var m = 1, s = 0;
      for (var j = 0; j < bits; ++j) {
        var b = bit(p, base + m);
        m = (m << 1) | b;
        s |= b << j;
      }
      return s;
    }
    function lenCoder() {
      return {c: probs(2), low: probs(16 << 3), mid: probs(16 << 3), high: probs(256)};
    }
    function len(d, ps) {
      if (!bit(d.c, 0)) return tree(d.low, ps << 3, 3);
      if (!bit(d.c, 1)) return 8 + tree(d.mid, ps << 3, 3);
      return 16 + tree(d.high, 0, 8);
    }
    var lit = probs(0x300 << (lc + lp));
    var isMatch = probs(192), isRep = probs(12), isRepG0 = probs(12), isRepG1 = probs(12), isRepG2 = probs(12);
    var isRep0Long = probs(192), slots = probs(4 << 6), posProbs = probs(115), align = probs(16);
    var lenD = lenCoder(), repD = lenCoder();
    var state = 0, rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0;
    var pbMask = (1 << pb) - 1, lpMask = (1 << lp) - 1;
    function grow(need) {
      if (need <= out.length) return;
      var bigger = new Uint8Array(Math.max(need, out.length * 2));
      bigger.set(out.subarray(0, n));
      out = bigger;
    }
    while (!known || n < size) {
      var ps = n & pbMask;
      if (!bit(isMatch, (state << 4) + ps)) {
        var prev = n ? out[n - 1] : 0;
        var base = 0x300 * (((n & lpMask) << lc) + (prev >>> (8 - lc)));
        var s = 1;
        if (state >= 7) {
          var mb = out[n - rep0 - 1];
          while (s < 0x100) {
            var m = (mb >>> 7) & 1;
            mb <<= 1;
            var b = bit(lit, base + ((1 + m) << 8) + s);
            s = (s << 1) | b;
            if (m !== b) break;
          }
        }
        while (s < 0x100) s = (s << 1) | bit(lit, base + s);
        grow(n + 1);
        out[n++] = s & 0xFF;
        state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
        continue;
      }
      var l;
      if (bit(isRep, state)) {
        if (n === 0) throw new Error('lzma: bad stream');
        if (!bit(isRepG0, state)) {
          if (!bit(isRep0Long, (state << 4) + ps)) {
            state = state < 7 ? 9 : 11;
            grow(n + 1);
            out[n] = out[n - rep0 - 1];
            ++n;
            continue;
          }
        } else {
          var dist;
          if (!bit(isRepG1, state)) {
            dist = rep1;
          } else {
            if (!bit(isRepG2, state)) {
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
        l = len(repD, ps);
        state = state < 7 ? 8 : 11;
      } else {
        rep3 = rep2;
        rep2 = rep1;
        rep1 = rep0;
        l = len(lenD, ps);
        state = state < 7 ? 7 : 10;
        var slot = tree(slots, (l < 3 ? l : 3) << 6, 6);
        if (slot < 4) {
          rep0 = slot;
        } else {
          var nb = (slot >>> 1) - 1;
          rep0 = ((2 | (slot & 1)) << nb) >>> 0;
          if (slot < 14) {
            rep0 += reverse(posProbs, rep0 - slot, nb);
          } else {
            rep0 = (rep0 + direct(nb - 4) * 16) >>> 0;
            rep0 = (rep0 + reverse(align, 0, 4)) >>> 0;
            if (rep0 === 0xFFFFFFFF) break;  // the end marker
          }
        }
        if (rep0 >= n) throw new Error('lzma: bad distance');
      }
      l += 2;
      grow(n + l);
      if (known && n + l > size) throw new Error('lzma: too long');
      for (var k = 0; k < l; ++k, ++n) out[n] = out[n - rep0 - 1];
    }
    return known ? out : out.subarray(0, n);
  }

  // index.wasm.lzma is fetched and unpacked here, in parallel with index.js, and handed to Emscripten's
  // instantiateWasm hook below.
  var wasmBytes = fetch('index.wasm.lzma').then(function (r) {
    if (!r.ok) throw new Error('index.wasm.lzma: HTTP ' + r.status);
    return r.arrayBuffer();
  }).then(function (buf) {
    var t0 = performance.now();
    var bytes = unlzma(new Uint8Array(buf));
    window.gwUnpackMs = performance.now() - t0;
    return bytes;
  });
  wasmBytes.catch(function () {});  // reported by instantiateWasm

  // The deferred half of the wasm (scripts/build-web-split.py): the functions the first answer does not
  // run. The primary's placeholders call load() on first use, which instantiates the half synchronously
  // from bytes read from the service worker's cache at start (offline, and every visit after the first),
  // or else fetched synchronously then (a first visit's first use of another tab, about 80 KB).
  var deferred = {
    name: null,      // its file, from the primary's "gw.deferred" section; null: the wasm is not split
    packed: null,    // its LZMA bytes, when the cache had them
    primary: null,   // the primary's exports, which the half imports
    loaded: false,
    first: null,     // the table slot of the first function called from it
    from: null,      // 'cache' or 'network', once loaded
    named: function (module) {
      var sec = WebAssembly.Module.customSections(module, 'gw.deferred');
      if (!sec.length) return Promise.resolve();
      deferred.name = new TextDecoder().decode(sec[0]);
      var keep = function (r) {
        return r && r.ok ? r.arrayBuffer().then(function (b) { deferred.packed = new Uint8Array(b); }) : null;
      };
      var cached = window.caches ? caches.match(deferred.name).catch(function () {}) : Promise.resolve();
      return cached.then(function (hit) {
        if (hit) return keep(hit);
        // A link naming a library model runs the model library's code at once (it is not in the first
        // load's profile): fetch the half beside the primary rather than synchronously at its first call.
        if (/[#&]model=/.test(location.hash)) return fetch(deferred.name).then(keep);
      }).catch(function () {});
    },
    fetchSync: function () {
      var xhr = new XMLHttpRequest();
      xhr.open('GET', deferred.name, false);
      xhr.overrideMimeType('text/plain; charset=x-user-defined');
      xhr.send();
      if (xhr.status !== 200) throw new Error(deferred.name + ': HTTP ' + xhr.status);
      var t = xhr.responseText, b = new Uint8Array(t.length);
      for (var i = 0; i < t.length; ++i) b[i] = t.charCodeAt(i) & 0xFF;
      return b;
    },
    load: function () {
      if (deferred.loaded) return;
      var t0 = performance.now();
      deferred.from = deferred.packed ? 'cache' : 'network';
      var bytes = unlzma(deferred.packed || deferred.fetchSync());
      deferred.packed = null;
      new WebAssembly.Instance(new WebAssembly.Module(bytes), {'primary': deferred.primary});
      deferred.loaded = true;
      window.gwDeferredMs = performance.now() - t0;
    },
    // wasm-split names each placeholder by the table slot its function takes once the half is loaded.
    placeholders: function () {
      var table = null;
      return new Proxy({}, {get: function (target, slot) {
        return function () {
          if (!deferred.loaded) deferred.first = slot;  // which function needed it (scripts/bench, tests)
          deferred.load();
          if (!table) {
            for (var k in deferred.primary)
              if (deferred.primary[k] instanceof WebAssembly.Table) table = deferred.primary[k];
          }
          return table.get(Number(slot)).apply(null, arguments);
        };
      }});
    }
  };
  window.gwDeferred = deferred;

  var canvas = document.getElementById('canvas');
  canvas.addEventListener('webglcontextlost', function (e) {
    e.preventDefault();
    fail('The graphics context was lost. Reload the page. 图形上下文丢失,请刷新页面。');
  });
  // Only a cheap check here: creating a WebGL 2 context just to test for it costs the first frame 50-100 ms
  // (twice the context set-up). The real context is made once, by main(), which reports a failure
  // through gwFail (src/platform/main.cpp).
  var noGl = 'This browser could not start WebGL 2. 此浏览器无法启用 WebGL 2。';
  if (!window.WebAssembly) fail('This browser has no WebAssembly. 此浏览器不支持 WebAssembly。');
  else if (!window.WebGL2RenderingContext) fail(noGl);

  window.Module = {
    canvas: canvas,
    print: function (s) { console.log(s); },
    printErr: function (s) { console.warn(s); },
    onAbort: function (what) { fail('gpuwise stopped: ' + what + ' · 程序出错,请刷新页面。'); },
    // Timings for scripts/bench: the wasm compiled and instantiated, then main() ran.
    onRuntimeInitialized: function () { window.gwRuntimeAt = performance.now(); },
    // Called by src/platform/web/web.cpp after the first frame is on screen.
    gwFirstFrame: function () { loading.classList.add('done'); },
    gwFail: function (what) { fail(what === 'webgl2' ? noGl : what); },
    instantiateWasm: function (imports, done) {
      wasmBytes.then(function (bytes) { return WebAssembly.compile(bytes); })
        .then(function (module) {
          imports['placeholder'] = deferred.placeholders();
          return deferred.named(module).then(function () {
            return WebAssembly.instantiate(module, imports);
          }).then(function (instance) {
            deferred.primary = instance.exports;
            done(instance, module);
          });
        })
        .catch(function (e) { fail('gpuwise could not load (' + e.message + '). Reload the page. 加载失败,请刷新页面。'); });
      return {};
    }
  };

  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    window.addEventListener('load', function () {
      navigator.serviceWorker.register('sw.js').catch(function (e) { console.warn('service worker:', e); });
    });
  }
})();
