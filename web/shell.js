// The page around the wasm: loading indicator, fatal errors, early CJK font fetch, service worker.
// Everything else (frames, input, URL, storage, test hook) lives in src/platform/web/web.cpp.
'use strict';
(function () {
  var loading = document.getElementById('loading');
  var text = document.getElementById('loading-text');

  // The loading screen shows only if the first frame is not there within 400 ms. Drawn at once, its text and
  // spinner (the first text layout looks up system fonts, CJK ones included) took the main thread just as the
  // wasm arrived: first frame 229 -> 211 ms without it (median of 20 alternating first loads, 12-06), and a
  // load that fast never showed it anyway. Errors show at once (fail).
  setTimeout(function () { loading.classList.remove('wait'); }, 400);
  function fail(msg) {
    loading.classList.remove('done', 'wait');
    loading.classList.add('failed');
    text.textContent = msg;
  }

  // The shell's LZMA decoder (below) first: the primary cannot be unpacked before it, and the primary's name
  // waits for the language, which may read localStorage (3-7 ms on a first visit, 12-06).
  var lzFetched = fetch('unlzma.wasm');

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
  var chinese = wantsChinese();

  // The wasm's primary half, the first frame's longest path, is asked for before anything else but its
  // decoder: asked for fifth, its response came 10 ms after the first one's (local server, 12-06). It
  // ships twice (scripts/build-web-split.py): index.wasm.lzma with its Chinese sentences zeroed (18 KB less for
  // an English visit) and index.zh.wasm.lzma whole. An English page that switches to Chinese reloads with the
  // whole one (src/platform/web/web.cpp, reload_in_chinese).
  window.gwChineseText = chinese;
  var primaryName = chinese ? 'index.zh.wasm.lzma' : 'index.wasm.lzma';
  var primaryResponse = fetch(primaryName).then(function (r) {
    if (!r.ok) throw new Error(primaryName + ': HTTP ' + r.status);
    return r;
  });
  primaryResponse.catch(function () {});  // reported by instantiateWasm
  if (chinese) window.gwCjkFont = fetch('fonts/cjk.ttf').then(function (r) {
    if (!r.ok) throw new Error('HTTP ' + r.status);
    return r.arrayBuffer();
  });

  // LZMA ("alone" format, as `xz --format=lzma` writes it): index.wasm and the data files ship LZMA-packed,
  // 19% fewer bytes than gzip -9 (scripts/bench). The decoder is web/unlzma.c compiled to 6 KB of wasm (2 KB
  // gzipped), fetched beside index.wasm.lzma: it unpacks index.wasm about 3x faster than the JavaScript
  // decoder it replaced (12-05: 41-149 ms against 166-286), on the first frame's critical path. Inlined
  // as base64 it cost 3.5 KB more of the first load than a file of its own.
  var lzModule = null;
  // Compiled as it arrives, off the main thread: through arrayBuffer() the decoder was ready 25-35 ms after
  // its last byte, behind the page's parsing, layout and index.js, and the primary waited for it (first frame
  // 233 -> 210 ms, median of 10 alternating first loads, 12-06). A server that does not send .wasm as
  // application/wasm makes compileStreaming refuse: then the bytes are compiled as before.
  var lzReady = lzFetched.then(function (r) {
    if (!r.ok) throw new Error('unlzma.wasm: HTTP ' + r.status);
    function fromBytes() {
      return r.arrayBuffer().then(function (b) { return WebAssembly.compile(b); });
    }
    if (!WebAssembly.compileStreaming) return fromBytes();
    var streamed = r.clone();
    return WebAssembly.compileStreaming(streamed).catch(fromBytes);
  }).then(function (m) {
    lzModule = m;
  });
  lzReady.catch(function () {});  // reported by what needed it

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
    delete early[name];
    return (p || fetchData(name)).then(function (got) {
      if (!got.packed) return got.bytes;
      return lzReady.then(function () { return unlzma(new Uint8Array(got.bytes)).buffer; });
    });
  }
  // The file's bytes as served, and whether they are packed. A file fetched early is unpacked only when the
  // wasm asks for it, after the first frame.
  function fetchData(name) {
    return getManifest().then(function (m) {
      var kept = /^catalogs\/catalog-([0-9A-Za-z._-]{1,40})\.json$/.exec(name);
      var file = kept ? (m.catalogs.indexOf(kept[1]) >= 0 ? name : null) : m.files[name];
      if (!file) throw new Error(name + ' is not on this site');
      // A page without Chinese text (index.wasm.lzma, below) reads the copies without Chinese prose that
      // the manifest lists (scripts/build-web-data.py): switching it to Chinese reloads it with the whole
      // wasm, which reads the whole files.
      var en = m.english_only;
      if (!chinese && en && typeof en.suffix === 'string' && (kept || (en.files || []).indexOf(name) >= 0))
        file = file.replace(/\.json$/, en.suffix + '.json');
      // Each file also exists LZMA-packed (m.packed is the suffix, scripts/build-web-data.py): 16% fewer
      // bytes than gzip for the catalog and presets; unpacking the catalog takes about 10 ms.
      var packed = typeof m.packed === 'string' && m.packed;
      var url = packed ? file + packed : file;
      return fetch(url).then(function (r) {
        if (!r.ok) throw new Error(url + ': HTTP ' + r.status);
        return r.arrayBuffer();
      }).then(function (buf) {
        return {bytes: buf, packed: !!packed};
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
    var p = fetchData(n);
    p.catch(function () {});  // reported when the wasm asks for it
    early[n] = p;
  });

  var LZ_ERRORS = ['', 'bad properties', 'bad stream', 'bad distance', 'out of space', 'truncated', 'too long'];
  // One stream; only once lzReady has resolved. The decoder keeps a stream's state in its instance, so each
  // stream has an instance of its own, whose memory (the packed and the unpacked bytes) goes with it.
  function Unlzma(src) {
    if (!lzModule) throw new Error('lzma: the decoder is not loaded');
    if (src.length < 13) throw new Error('lzma: truncated');
    var known = false, size = 0, i;
    for (i = 5; i < 13; ++i) if (src[i] !== 255) known = true;
    if (known) for (i = 10; i >= 5; --i) size = size * 256 + src[i];
    this.src = src;
    this.known = known;
    this.cap = known ? size : src.length * 8 + 65536;  // no size in the header: guess, and double on "out of space"
    this.begin();
  }
  Unlzma.prototype.begin = function () {
    var lz = this.lz = new WebAssembly.Instance(lzModule, {}).exports;
    var base = lz.__heap_base.value, at = base + this.src.length, need = at + this.cap;
    var have = lz.memory.buffer.byteLength;
    if (need > 0x7FFFFFFF) throw new Error('lzma: too long');
    if (need > have) lz.memory.grow(Math.ceil((need - have) / 65536));
    new Uint8Array(lz.memory.buffer, base, this.src.length).set(this.src);
    this.at = at;
    lz.unlzma_begin(base, this.src.length, at, this.cap);  // an error comes back from the first step
  };
  // Unpacks about `budget` more bytes; true once the stream is done. In steps because V8 runs a call to its
  // end in the code it started with: later steps run the optimised code, which one long call never would.
  Unlzma.prototype.step = function (budget) {
    var r = this.lz.unlzma_run(budget);
    if (r === 0) return false;
    if (r === 1) return true;
    if (r === -4 && !this.known) {
      this.cap *= 2;
      this.begin();
      return false;
    }
    throw new Error('lzma: ' + (LZ_ERRORS[-r] || 'error ' + r));
  };
  Unlzma.prototype.bytes = function () {
    return new Uint8Array(this.lz.memory.buffer, this.at, this.lz.unlzma_length()).slice();
  };
  // Small enough that the optimised code takes over early: index.wasm unpacked in a median 30-33 ms in steps
  // of 32 KB (8 KB alike) against 40-42 in steps of 256 KB (12-06, alternating first loads under load).
  var STEP = 32768;
  function unlzma(src) {
    var s = new Unlzma(src);
    while (!s.step(STEP)) { /* more */ }
    return s.bytes();
  }

  // The primary (fetched first, above) is unpacked as it downloads and compiled as it unpacks, then handed to
  // Emscripten's instantiateWasm hook below: neither step waits for the whole download, so on a real network
  // both hide behind it. The deferred half's name comes first in the module (scripts/build-web-split.py): the
  // cache is asked for it as soon as it is out, and answers while the rest is unpacked and compiled.
  var wasmModule = primaryResponse.then(function (r) {
    var streams = r.body && r.body.getReader && window.ReadableStream && WebAssembly.compileStreaming;
    if (streams) return streamPrimary(r.body.getReader());
    return r.arrayBuffer().then(function (buf) {
      return lzReady.then(function () { return compilePrimary(unpackPrimary(new Uint8Array(buf))); });
    });
  });
  wasmModule.catch(function () {});  // reported by instantiateWasm

  // All at once, when the bytes are all there: a browser without streams, or a header without the size.
  function unpackPrimary(src) {
    var t0 = performance.now();
    var s = new Unlzma(src);
    var done = s.step(4096);
    deferred.lookUp(deferred.nameIn(s.bytes()));
    while (!done) done = s.step(STEP);
    window.gwUnpackMs = performance.now() - t0;
    return s.bytes();
  }
  function compilePrimary(bytes) {
    var compiled = WebAssembly.compile(bytes);
    makeContext();  // while it compiles (below)
    return compiled;
  }

  // As it downloads: each chunk is copied into the decoder's memory and decoded as far as the input allows
  // (web/unlzma.c, unlzma_more), and what comes out goes to WebAssembly.compileStreaming. The output's buffer
  // is the size the header gives (scripts/build-web-split.py writes it); the input grows after it. A header
  // without a size is unpacked all at once, after the download.
  function streamPrimary(reader) {
    var chunks = [], held = 0, ended = false;  // read, and not yet given to the decoder
    var size = -1, lz = null, outAt = 0, srcAt = 0, given = 0, emitted = 0, begun = false;
    var named = false, finished = false, busy = 0, sink = null, compiled = null;
    function joined() {
      var all = new Uint8Array(held), at = 0;
      chunks.forEach(function (c) { all.set(c, at); at += c.length; });
      return all;
    }
    function pump() {
      if (finished || !lzModule) return;
      if (size < 0) {
        if (held < 18 && !ended) return;
        var all = joined(), known = false, i;
        chunks = [all];
        size = 0;
        for (i = 5; i < 13 && all.length >= 13; ++i) if (all[i] !== 255) known = true;
        if (known && all.length >= 18 && !all[11] && !all[12]) for (i = 10; i >= 5; --i) size = size * 256 + all[i];
        if (!size) return;  // all at once, once the download ends
        lz = new WebAssembly.Instance(lzModule, {}).exports;
        outAt = lz.__heap_base.value;
        srcAt = outAt + size;
        var body = new ReadableStream({start: function (c) { sink = c; }});
        compiled = WebAssembly.compileStreaming(new Response(body, {headers: {'Content-Type': 'application/wasm'}}));
        compiled.catch(function () {});  // returned below
      }
      if (!size) return;
      var need = srcAt + given + held, mem = lz.memory.buffer.byteLength;
      if (need > 0x7FFFFFFF) throw new Error('lzma: too long');
      if (need > mem) lz.memory.grow(Math.ceil((need - mem) / 65536));
      chunks.forEach(function (c) {
        new Uint8Array(lz.memory.buffer, srcAt + given, c.length).set(c);
        given += c.length;
      });
      chunks = [];
      held = 0;
      var t0 = performance.now(), r = 0;
      if (!begun) {
        begun = true;
        r = lz.unlzma_begin(srcAt, given, outAt, size);
      }
      if (!r) {
        lz.unlzma_more(given, ended ? 1 : 0);
        do {
          r = lz.unlzma_run(STEP);
          var n = lz.unlzma_length();
          if (!named && (n >= 4096 || r === 1)) {
            named = true;
            deferred.lookUp(deferred.nameIn(new Uint8Array(lz.memory.buffer, outAt, Math.min(n, 4096))));
          }
          if (n > emitted) sink.enqueue(new Uint8Array(lz.memory.buffer, outAt + emitted, n - emitted).slice());
          emitted = n;
        } while (r === 0);
      }
      busy += performance.now() - t0;
      if (r === 1) {
        finished = true;
        window.gwUnpackMs = busy;
        window.gwUnpackStreamed = true;  // tests/browser/test_01
        sink.close();
        makeContext();  // while the rest compiles (below)
      } else if (r !== 2 || ended) {
        throw new Error('lzma: ' + (r === 2 ? 'truncated' : LZ_ERRORS[-r] || 'error ' + r));
      }
    }
    function read() {
      return reader.read().then(function (x) {
        if (x.done) {
          ended = true;
        } else {
          chunks.push(x.value);
          held += x.value.length;
        }
        pump();
        if (!ended) return read();
      });
    }
    return Promise.all([read(), lzReady.then(pump)]).then(function () {
      if (!size) return compilePrimary(unpackPrimary(joined()));
      // A browser that will not compile a stream it did not fetch: the unpacked bytes are still there.
      return compiled.catch(function () {
        return WebAssembly.compile(new Uint8Array(lz.memory.buffer, outAt, lz.unlzma_length()).slice());
      });
    }).catch(function (e) {
      if (sink && !finished) sink.error(e);
      throw e;
    });
  }

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
    looked: null,    // the cache lookup, started as soon as the name is known
    // The name in a custom section ("gw.deferred") just after the module's header, where
    // scripts/build-web-split.py puts it; null when `bytes`, the module's start, has none there.
    nameIn: function (bytes) {
      var at = 8;
      var leb = function () {
        var v = 0, shift = 0, b;
        do {
          if (at >= bytes.length) return -1;
          b = bytes[at++];
          v += (b & 0x7F) * Math.pow(2, shift);
          shift += 7;
        } while (b & 0x80);
        return v;
      };
      while (at < bytes.length && bytes[at] === 0) {  // custom sections
        ++at;
        var size = leb(), end = at + size, n = leb();
        if (size < 0 || n < 0 || end > bytes.length) return null;
        var name = String.fromCharCode.apply(null, bytes.subarray(at, at + n));
        if (name === 'gw.deferred') return String.fromCharCode.apply(null, bytes.subarray(at + n, end));
        at = end;
      }
      return null;
    },
    lookUp: function (name) {
      if (deferred.looked || !name) return;
      deferred.name = name;
      var keep = function (r) {
        return r && r.ok ? r.arrayBuffer().then(function (b) { deferred.packed = new Uint8Array(b); }) : null;
      };
      // Only a page the service worker controls can find the half in its cache: on a first visit the lookup
      // would always miss, and instantiation waited for it (27 ms past the compile under load, 12-06).
      var controlled = 'serviceWorker' in navigator && navigator.serviceWorker.controller;
      var cached = window.caches && controlled ? caches.match(name).catch(function () {}) : Promise.resolve();
      deferred.looked = cached.then(function (hit) {
        if (hit) return keep(hit);
        // A link naming a library model runs the model library's code at once (it is not in the first
        // load's profile): fetch the half beside the primary rather than synchronously at its first call.
        if (/[#&]model=/.test(location.hash)) return fetch(name).then(keep);
      }).catch(function () {});
    },
    // Resolves once the cache has been asked, so that a half it holds is there at first use, offline too.
    named: function (module) {
      if (!deferred.looked) {  // a module with the name elsewhere
        var sec = WebAssembly.Module.customSections(module, 'gw.deferred');
        deferred.lookUp(sec.length ? new TextDecoder().decode(sec[0]) : null);
      }
      return deferred.looked || Promise.resolve();
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
  var noGl = 'This browser could not start WebGL 2. 此浏览器无法启用 WebGL 2。';
  if (!window.WebAssembly) fail('This browser has no WebAssembly. 此浏览器不支持 WebAssembly。');
  else if (!window.WebGL2RenderingContext) fail(noGl);
  // The page's one WebGL 2 context, made while the primary compiles (wasmModule above) rather than inside
  // main(), where the wait for the GPU process held up the first frame (Emscripten's
  // GL_PREINITIALIZED_CONTEXT). The compiler works on other threads, so the main thread is free then; made
  // earlier, while the primary downloaded, the context and the commit that followed it (10-20 ms in headless
  // Chromium) held up the unpacking instead (first frame 263 -> 252 ms, median of 20 alternating loads,
  // 12-06). The attributes are the least ImGui needs: no depth, stencil, alpha or multisampling. If it is not
  // made, main() makes its own and reports a failure through gwFail (src/platform/main.cpp).
  function makeContext() {
    if (window.Module.preinitializedWebGLContext || !window.WebGL2RenderingContext) return;
    var gl = canvas.getContext('webgl2', {alpha: false, depth: false, stencil: false, antialias: false});
    if (gl) window.Module.preinitializedWebGLContext = gl;
  }

  // The service worker is registered once the page has drawn its first answer and has nothing more to draw
  // (src/platform/web/web.cpp calls gwIdle). Its install fetches and caches the whole site, about 1.5 MB:
  // registered at the load event, that ran beside the wasm's unpacking and the first frame, and on a 2-core
  // machine the first frame came 417 -> 310 ms (12-06, median of 16 alternating first loads each).
  var registered = false;
  // The worker keeps what a page fetches through it that it did not precache: the CJK font, an older catalog
  // a link asked for (sw.js). What this page fetched before the worker controlled it (a first visit, or
  // while the worker installed) is handed to it when it takes over, so that too works offline once used.
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.addEventListener('controllerchange', function () {
      var used = performance.getEntriesByType('resource').map(function (e) { return e.name; });
      if (navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage({keep: used});
    });
  }
  function registerServiceWorker() {
    if (registered || !('serviceWorker' in navigator) || location.protocol === 'file:') return;
    registered = true;
    navigator.serviceWorker.register('sw.js').catch(function (e) { console.warn('service worker:', e); });
    // A worker that activated while this page was on its way (another tab's registration, or this page's
    // reload into Chinese) claimed the clients there were then, not this one, and would leave it uncontrolled,
    // so not kept offline, until the next navigation: ask it to claim this page too.
    navigator.serviceWorker.ready.then(function (reg) {
      if (!navigator.serviceWorker.controller && reg.active) reg.active.postMessage('claim');
    });
  }

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
    gwIdle: registerServiceWorker,
    instantiateWasm: function (imports, done) {
      wasmModule.then(function (module) {
        imports['placeholder'] = deferred.placeholders();
        return deferred.named(module).then(function () {
          return WebAssembly.instantiate(module, imports);
        }).then(function (instance) {
          deferred.primary = instance.exports;
          done(instance, module);
        });
      }).catch(function (e) {
        fail('gpuwise could not load (' + e.message + '). Reload the page. 加载失败,请刷新页面。');
      });
      return {};
    }
  };
})();
