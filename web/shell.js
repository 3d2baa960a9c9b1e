// The page around the wasm: loading indicator, fatal errors, early CJK font fetch, service worker.
// Everything else (frames, input, URL, storage, test hook) lives in src/platform/web.cpp.
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
  if (wantsChinese()) window.gwCjkFont = fetch('fonts/cjk.otf').then(function (r) {
    if (!r.ok) throw new Error('HTTP ' + r.status);
    return r.arrayBuffer();
  });

  var canvas = document.getElementById('canvas');
  canvas.addEventListener('webglcontextlost', function (e) {
    e.preventDefault();
    fail('The graphics context was lost. Reload the page. 图形上下文丢失,请刷新页面。');
  });
  if (!window.WebAssembly) fail('This browser has no WebAssembly. 此浏览器不支持 WebAssembly。');
  else if (!document.createElement('canvas').getContext('webgl2'))
    fail('This browser has no WebGL 2. 此浏览器不支持 WebGL 2。');

  window.Module = {
    canvas: canvas,
    print: function (s) { console.log(s); },
    printErr: function (s) { console.warn(s); },
    onAbort: function (what) { fail('gpuwise stopped: ' + what + ' · 程序出错,请刷新页面。'); },
    // Timings for scripts/bench: the wasm compiled and instantiated, then main() ran.
    onRuntimeInitialized: function () { window.gwRuntimeAt = performance.now(); },
    // Called by src/platform/web.cpp after the first frame is on screen.
    gwFirstFrame: function () { loading.classList.add('done'); }
  };

  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    window.addEventListener('load', function () {
      navigator.serviceWorker.register('sw.js').catch(function (e) { console.warn('service worker:', e); });
    });
  }
})();
