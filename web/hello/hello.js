'use strict';
// Same hook shape as the app's, so scripts/bench can time the first frame and count idle frames.
window.Module = {
  canvas: document.getElementById('canvas'),
  gwFirstFrame: function () { window.gwFirstFrameAt = performance.now(); }
};
window.gpuwiseTest = {
  snapshot: function () {
    var f = window.Module._gw_hello_frames;
    return {frames: f ? f() : 0, first_frame_ms: window.gwFirstFrameAt || null};
  }
};
