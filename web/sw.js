// Offline: the site is cached after the first visit and served from the cache, network second.
// @BUILD_ID@ changes with every build, so a new build installs a fresh cache and drops the old one.
'use strict';
var CACHE = 'gpuwise-@BUILD_ID@';
var PRECACHE = [@PRECACHE@];

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(PRECACHE); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf('gpuwise-') === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener('fetch', function (event) {
  var req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(req, {ignoreSearch: true}).then(function (hit) {
      if (hit) return hit;
      return fetch(req).then(function (res) {
        // The CJK font is not precached (English readers never fetch it); keep it once it was used.
        if (res.ok && res.type === 'basic') cache.put(req, res.clone());
        return res;
      });
    });
  }));
});
