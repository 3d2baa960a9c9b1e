// Offline: the site is cached after the first visit and served from the cache, network second.
// @BUILD_ID@ changes with every build, so a new build installs a fresh cache and drops the old one.
// The data (scripts/build-web-data.py) changes without a build: data.json, the manifest, is fetched from the
// network first (the cache answers offline), and the files it names are cached when it is read. They are
// named by version or content, so a cached one is never stale.
'use strict';
var CACHE = 'gpuwise-@BUILD_ID@';
var PRECACHE = [@PRECACHE@];
var MANIFEST = 'data.json';

// Caches data.json's response and every file it names that the cache lacks (a new deploy's files too).
function cacheData(cache, res) {
  return res.clone().json().then(function (m) {
    // The page fetches the LZMA-packed copies when the manifest has them (web/shell.js).
    var suffix = typeof m.packed === 'string' ? m.packed : '';
    var en = m.english_only && typeof m.english_only.suffix === 'string' ? m.english_only : null;
    var files = [];
    Object.keys(m.files || {}).forEach(function (k) {
      files.push(m.files[k] + suffix);
      // An English page reads these without their Chinese prose, a Chinese one whole: keep both offline.
      if (en && (en.files || []).indexOf(k) >= 0) files.push(m.files[k].replace(/\.json$/, en.suffix + '.json') + suffix);
    });
    return Promise.all(files.map(function (f) {
      return cache.match(f).then(function (hit) { return hit || cache.add(f); });
    }));
  }).then(function () { return cache.put(MANIFEST, res); });
}

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (c) {
    return c.addAll(PRECACHE).then(function () {
      return fetch(MANIFEST, {cache: 'no-cache'}).then(function (res) {
        if (!res.ok) throw new Error(MANIFEST + ': HTTP ' + res.status);
        return cacheData(c, res);
      });
    });
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf('gpuwise-') === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

// Keeps the files a page fetched before this worker controlled it, as the fetch handler below would have;
// not data.json, which is read from the network first.
function keep(urls) {
  var scope = new URL(self.registration.scope);
  var manifest = new URL(MANIFEST, scope).pathname;
  var wanted = urls.filter(function (u) {
    var url = null;
    try { url = typeof u === 'string' && new URL(u, scope); } catch (e) { /* not a URL: skipped */ }
    return url && url.origin === scope.origin && url.pathname.indexOf(scope.pathname) === 0 &&
           url.pathname !== manifest && !/\/sw\.js$/.test(url.pathname);
  }).slice(0, 200);
  return caches.open(CACHE).then(function (cache) {
    return Promise.all(wanted.map(function (u) {
      return cache.match(u, {ignoreSearch: true}).then(function (hit) {
        return hit || cache.add(u).catch(function () {});
      });
    }));
  });
}

// From web/shell.js. 'claim': a page that loaded while this worker installed is not among the clients its
// activation claimed. {keep: [...]}: what a page fetched before this worker controlled it.
self.addEventListener('message', function (event) {
  var d = event.data;
  if (d === 'claim') event.waitUntil(self.clients.claim());
  else if (d && Array.isArray(d.keep)) event.waitUntil(keep(d.keep));
});

self.addEventListener('fetch', function (event) {
  var req = event.request;
  var url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname === new URL(MANIFEST, self.registration.scope).pathname) {
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return fetch(req).then(function (res) {
        if (!res.ok) throw new Error('HTTP ' + res.status);
        // The page reads this response now; its files are cached in the background.
        event.waitUntil(cacheData(cache, res.clone()).catch(function () {}));
        return res;
      }).catch(function () {
        return cache.match(MANIFEST).then(function (hit) { return hit || Response.error(); });
      });
    }));
    return;
  }
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(req, {ignoreSearch: true}).then(function (hit) {
      if (hit) return hit;
      return fetch(req).then(function (res) {
        // What is not precached (the CJK font, an old catalog a link asked for): kept once it was used.
        if (res.ok && res.type === 'basic') cache.put(req, res.clone());
        return res;
      });
    });
  }));
});
