/* The live view of a public round page, for spectators.
 *
 * Switched on (the choice is remembered in this browser), it follows the tournament's
 * version. Where the server offers the event stream (data-events-url: an asynchronous
 * process behind /live/), an EventSource is told each new version as soon as it commits;
 * where it does not, or the stream cannot be opened (a 503 from a WSGI server, a proxy
 * that refuses it), the page asks the version every few seconds instead: a conditional GET
 * that costs the server a 304 of one small query while nothing changed. When the version
 * moves, it fetches this page again and swaps in its results region (round list and table)
 * in place: no reload, no flicker, the table's sort order kept, the rows whose text changed
 * marked for a moment. It rests while the tab is hidden. Without JavaScript the switch
 * stays hidden and the page is a plain page. bench/live.py measures both ways.
 */
(function () {
  "use strict";
  var box = document.getElementById("live");
  var region = document.getElementById("live-region");
  if (!box || !region || !window.fetch || !window.DOMParser) return;
  var toggle = document.getElementById("live-switch");
  var status = box.querySelector(".live-status");
  var period = Number(box.dataset.seconds) * 1000;
  var STORE = "arbiter-live";
  var version = box.dataset.version;
  var etag = null;
  var timer = null;
  // The stream, while it is the way the page follows; null once it failed (then it polls).
  var streamUrl = window.EventSource ? box.dataset.eventsUrl || null : null;
  var source = null;
  var wanted = version;
  var refreshing = false;

  function say(text, state) {
    status.textContent = text;
    box.dataset.state = state;
  }

  function remembered() {
    try { return window.localStorage.getItem(STORE) === "on"; } catch (error) { return false; }
  }

  function remember(on) {
    try { window.localStorage.setItem(STORE, on ? "on" : "off"); } catch (error) { /* private mode */ }
  }

  function schedule(delay) {
    window.clearTimeout(timer);
    timer = window.setTimeout(poll, delay);
  }

  function rowTexts(root) {
    return Array.prototype.map.call(root.querySelectorAll("tbody tr"), function (row) {
      return row.textContent;
    });
  }

  // The column the spectator sorted by, to sort the new table the same way.
  function sortState() {
    var header = region.querySelector("th[aria-sort]");
    if (!header) return null;
    return { index: header.cellIndex, descending: header.getAttribute("aria-sort") === "descending" };
  }

  function swapIn(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live-region");
    if (!fresh) throw new Error("the page has no results region");
    var before = rowTexts(region);
    var sorted = sortState();
    region.replaceChildren.apply(region, Array.prototype.slice.call(fresh.childNodes));
    var sortable = window.sortableTables;
    region.querySelectorAll("table[data-sortable]").forEach(function (table) {
      if (!sortable) return;
      sortable.prepare(table);
      if (sorted && table.tHead.rows[0].cells[sorted.index]) {
        var header = table.tHead.rows[0].cells[sorted.index];
        sortable.sortBy(table, header, sorted.index);
        if (sorted.descending) sortable.sortBy(table, header, sorted.index);
      }
    });
    var after = region.querySelectorAll("tbody tr");
    Array.prototype.forEach.call(after, function (row) {
      if (before.indexOf(row.textContent) === -1) {
        row.classList.add("live-changed");
        window.setTimeout(function () { row.classList.remove("live-changed"); }, 4000);
      }
    });
  }

  function refresh() {
    return fetch(window.location.pathname + window.location.search, {
      headers: { Accept: "text/html" },
      cache: "no-cache",
      credentials: "same-origin"
    }).then(function (reply) {
      if (!reply.ok || reply.redirected) throw new Error("page " + reply.status);
      return reply.text();
    }).then(swapIn);
  }

  function poll() {
    if (!toggle.checked || document.hidden) return;
    var headers = { Accept: "application/json" };
    if (etag) headers["If-None-Match"] = etag;
    // An If-None-Match of our own makes the browser hand the 304 to us as it is.
    fetch(box.dataset.versionUrl, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (reply) {
        if (reply.status === 304) return null;
        if (!reply.ok || reply.redirected) throw new Error("version " + reply.status);
        var tag = reply.headers.get("ETag");
        return reply.json().then(function (data) {
          var seen = String(data.version);
          if (seen === version) {
            etag = tag;
            return false;
          }
          // The ETag is kept only once the page is swapped in: a failed fetch tries again.
          return refresh().then(function () {
            version = seen;
            etag = tag;
            return true;
          });
        });
      })
      .then(function (changed) {
        if (!toggle.checked) return;
        if (changed) {
          updated();
        } else if (box.dataset.state !== "on") {
          say(box.dataset.textOn, "on");
        }
        schedule(period);
      })
      .catch(function () {
        if (!toggle.checked) return;
        say(box.dataset.textError, "error");
        schedule(period * 2);
      });
  }

  function updated() {
    var time = new Date().toLocaleTimeString(document.documentElement.lang || undefined);
    say(box.dataset.textUpdated.replace("{time}", time), "on");
  }

  // The stream told of a version: fetch the page once per change, the newest last.
  function catchUp() {
    if (refreshing || wanted === version || !toggle.checked) return;
    var target = wanted;
    refreshing = true;
    refresh().then(function () {
      refreshing = false;
      version = target;
      updated();
      catchUp();
    }, function () {
      refreshing = false;
      say(box.dataset.textError, "error");
      window.clearTimeout(timer);
      timer = window.setTimeout(catchUp, period);
    });
  }

  function stopListening() {
    if (source) source.close();
    source = null;
  }

  function listen() {
    var opened = false;
    var stream = new EventSource(streamUrl);
    source = stream;
    box.dataset.via = "stream";
    stream.onmessage = function (message) {
      if (source !== stream) return;  // closed since (switched off, tab hidden)
      opened = true;
      try {
        wanted = String(JSON.parse(message.data).version);
      } catch (error) {
        return;
      }
      if (wanted === version && !refreshing && box.dataset.state !== "on") {
        say(box.dataset.textOn, "on");
      }
      catchUp();
    };
    stream.onerror = function () {
      if (source !== stream) return;
      if (!opened || stream.readyState === EventSource.CLOSED) {
        // Refused, or never opened: ask for the version every few seconds instead.
        stopListening();
        streamUrl = null;
        follow();
      } else {
        say(box.dataset.textError, "error");  // the browser opens it again by itself
      }
    };
  }

  function follow() {
    if (!toggle.checked || document.hidden) return;
    if (streamUrl) {
      if (!source) listen();
    } else {
      box.dataset.via = "poll";
      poll();
    }
  }

  function switched() {
    remember(toggle.checked);
    if (toggle.checked) {
      say(box.dataset.textOn, "on");
      follow();
    } else {
      window.clearTimeout(timer);
      stopListening();
      say(box.dataset.textOff, "off");
    }
  }

  toggle.addEventListener("change", switched);
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      stopListening();  // the server need not hold a stream for a hidden tab
    } else if (toggle.checked) {
      follow();
    }
  });
  box.hidden = false;
  toggle.checked = remembered();
  if (toggle.checked) switched();
})();
