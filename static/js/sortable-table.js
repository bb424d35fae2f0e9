// Sortable report tables: a click (or Enter) on a column header sorts the rows by that
// column, again to reverse. Cells sort by their data-sort value when they have one (points,
// ranks, ratings as numbers), else by their text. Small enough not to need a library.
(function () {
  "use strict";

  function value(row, index) {
    var cell = row.cells[index];
    if (!cell) return "";
    var raw = cell.hasAttribute("data-sort") ? cell.getAttribute("data-sort") : cell.textContent.trim();
    var number = Number(raw);
    return raw !== "" && !isNaN(number) ? number : raw.toLocaleLowerCase();
  }

  function compare(a, b) {
    if (typeof a === "number" && typeof b === "number") return a - b;
    if (typeof a === "number") return -1;
    if (typeof b === "number") return 1;
    return a.localeCompare(b);
  }

  function sortBy(table, header, index) {
    var body = table.tBodies[0];
    var ascending = header.getAttribute("aria-sort") !== "ascending";
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var order = compare(value(a, index), value(b, index));
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) {
      cell.removeAttribute("aria-sort");
    });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
  }

  function prepare(table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (header, index) {
      header.tabIndex = 0;
      header.classList.add("sortable");
      header.addEventListener("click", function () { sortBy(table, header, index); });
      header.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          sortBy(table, header, index);
        }
      });
    });
  }

  document.querySelectorAll("table[data-sortable]").forEach(prepare);
  // For a table put in later, such as the live view's (live-round.js).
  window.sortableTables = { prepare: prepare, sortBy: sortBy };
})();
