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
    gwFail: function (what) { fail(what === 'webgl2' ? noGl : what); }
  };

  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    window.addEventListener('load', function () {
      navigator.serviceWorker.register('sw.js').catch(function (e) { console.warn('service worker:', e); });
    });
  }
})();
