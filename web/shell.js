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
  var chinese = wantsChinese();
  if (chinese) window.gwCjkFont = fetch('fonts/cjk.ttf').then(function (r) {
    if (!r.ok) throw new Error('HTTP ' + r.status);
    return r.arrayBuffer();
  });

  // LZMA ("alone" format, as `xz --format=lzma` writes it): index.wasm and the data files ship LZMA-packed,
  // 19% fewer bytes than gzip -9 (scripts/bench). The decoder is web/unlzma.c compiled to 6 KB of wasm (2 KB
  // gzipped), fetched beside index.wasm.lzma: it unpacks index.wasm about 3x faster than the JavaScript
  // decoder it replaced (12-05: 41-149 ms against 166-286), on the first frame's critical path. Inlined
  // as base64 it cost 3.5 KB more of the first load than a file of its own.
  var lz = null;
  var lzReady = fetch('unlzma.wasm').then(function (r) {
    if (!r.ok) throw new Error('unlzma.wasm: HTTP ' + r.status);
    return r.arrayBuffer();
  }).then(function (b) {
    return WebAssembly.instantiate(b, {});
  }).then(function (r) {
    lz = r.instance.exports;
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
    if (p) {
      delete early[name];
      return p;
    }
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
      return fetch(packed ? file + packed : file).then(function (r) {
        if (!r.ok) throw new Error(file + (packed || '') + ': HTTP ' + r.status);
        return r.arrayBuffer();
      }).then(function (buf) {
        if (!packed) return buf;
        return lzReady.then(function () { return unlzma(new Uint8Array(buf)).buffer; });
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

  var LZ_ERRORS = ['', 'bad properties', 'bad stream', 'bad distance', 'out of space', 'truncated', 'too long'];
  // Only once lzReady has resolved (the deferred half is unpacked long after index.wasm was).
  function unlzma(src) {
    if (!lz) throw new Error('lzma: the decoder is not loaded');
    if (src.length < 13) throw new Error('lzma: truncated');
    var known = false, cap = 0, i;
    for (i = 5; i < 13; ++i) if (src[i] !== 255) known = true;
    if (known) for (i = 10; i >= 5; --i) cap = cap * 256 + src[i];
    else cap = src.length * 8 + 65536;  // no size in the header: guess, and double on "out of space"
    for (;;) {
      var base = lz.__heap_base.value, at = base + src.length, need = at + cap, have = lz.memory.buffer.byteLength;
      if (need > 0x7FFFFFFF) throw new Error('lzma: too long');
      if (need > have) lz.memory.grow(Math.ceil((need - have) / 65536));
      new Uint8Array(lz.memory.buffer, base, src.length).set(src);
      var r = lz.unlzma_begin(base, src.length, at, cap);
      // Calls of 256 KB each: later calls run V8's optimised code, which a single long call never would.
      while (r === 0) r = lz.unlzma_run(262144);
      if (r === 1) return new Uint8Array(lz.memory.buffer, at, lz.unlzma_length()).slice();
      if (r === -4 && !known) {
        cap *= 2;
        continue;
      }
      throw new Error('lzma: ' + (LZ_ERRORS[-r] || 'error ' + r));
    }
  }

  // The wasm's primary half is fetched and unpacked here, in parallel with index.js, and handed to Emscripten's
  // instantiateWasm hook below. It ships twice (scripts/build-web-split.py): index.wasm.lzma with its Chinese
  // sentences zeroed (18 KB less for an English visit) and index.zh.wasm.lzma whole. An English page that
  // switches to Chinese reloads with the whole one (src/platform/web/web.cpp, reload_in_chinese).
  window.gwChineseText = chinese;
  var primaryName = chinese ? 'index.zh.wasm.lzma' : 'index.wasm.lzma';
  var wasmBytes = fetch(primaryName).then(function (r) {
    if (!r.ok) throw new Error(primaryName + ': HTTP ' + r.status);
    return r.arrayBuffer();
  }).then(function (buf) {
    return lzReady.then(function () {
      var t0 = performance.now();
      var bytes = unlzma(new Uint8Array(buf));
      window.gwUnpackMs = performance.now() - t0;
      return bytes;
    });
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
  var noGl = 'This browser could not start WebGL 2. 此浏览器无法启用 WebGL 2。';
  if (!window.WebAssembly) fail('This browser has no WebAssembly. 此浏览器不支持 WebAssembly。');
  else if (!window.WebGL2RenderingContext) fail(noGl);
  // The page's one WebGL 2 context, made while the wasm downloads and unpacks rather than inside main(), where
  // the wait for the GPU process held up the first frame (Emscripten's GL_PREINITIALIZED_CONTEXT). After the
  // loading screen's first paint, which it would otherwise delay. The attributes are the least ImGui needs: no
  // depth, stencil, alpha or multisampling. If it is not made in time, or not at all, main() makes its own
  // and reports a failure through gwFail (src/platform/main.cpp).
  var makeContext = function () {
    if (window.Module.preinitializedWebGLContext || !window.WebGL2RenderingContext) return;
    var gl = canvas.getContext('webgl2', {alpha: false, depth: false, stencil: false, antialias: false});
    if (gl) window.Module.preinitializedWebGLContext = gl;
  };
  requestAnimationFrame(function () { setTimeout(makeContext, 0); });

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
