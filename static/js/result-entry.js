/* Keyboard result entry on a round's page.
 *
 * Each board's result is a <select> inside a small form that works without JavaScript (choose,
 * then Save). With this script a key enters the result at once: 1 = 1-0, 0 = 0-1, = = ½-½,
 * + = white wins by forfeit, - = black wins by forfeit. htmx posts the form and swaps the row
 * with the server's confirmation (or refusal); the cursor moves on to the next board.
 * A result already entered is only changed with a reason: the reason field opens and Enter saves.
 * The "not rated" box goes with the result: ticked before a result is typed, it is saved with
 * it; ticked or cleared on a result already entered, it is a correction and asks a reason.
 */
(function () {
  "use strict";
  const table = document.querySelector("table[data-key-entry]");
  if (!table) return;
  const KEYS = { "1": "1-0", "0": "0-1", "=": "1/2-1/2", "+": "+/-", "-": "-/+" };
  const announcer = document.getElementById("result-announcer");
  table.dataset.keysReady = "1";
  // A phone has no keyboard to type results with: its keyboard help starts closed.
  const help = document.querySelector("details.keys");
  if (help && window.matchMedia("(max-width: 640px)").matches) help.open = false;

  function selects() {
    return Array.from(table.querySelectorAll("select.result-select"));
  }

  function focusNeighbour(select, step) {
    const all = selects();
    const next = all[all.indexOf(select) + step];
    if (next) next.focus();
    return next;
  }

  function submit(form) {
    if (window.htmx) window.htmx.trigger(form, "submit");
    else form.requestSubmit();
  }

  function askReason(row) {
    const box = row.querySelector(".reason");
    const input = box.querySelector("input");
    box.hidden = false;
    row.classList.add("asking");
    input.required = true;
    input.focus();
  }

  // A new value for the row's board: saved at once, or (a correction) after a reason.
  function commit(select) {
    const row = select.closest("tr");
    if (select.value === row.dataset.result) return false;
    if (row.dataset.decided) {
      askReason(row);
      return false;
    }
    submit(select.form);
    return true;
  }

  table.addEventListener("keydown", function (event) {
    const target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (target.matches("select.result-select")) {
      if (Object.prototype.hasOwnProperty.call(KEYS, event.key)) {
        event.preventDefault();
        target.value = KEYS[event.key];
        if (commit(target) || target.value === target.closest("tr").dataset.result) {
          focusNeighbour(target, 1);
        }
      } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        focusNeighbour(target, event.key === "ArrowDown" ? 1 : -1);
      }
    } else if (target.matches(".reason input") && event.key === "Escape") {
      const row = target.closest("tr");
      const select = row.querySelector("select.result-select");
      select.value = row.dataset.result;
      resetUnrated(row);
      target.required = false;
      row.classList.remove("asking");
      select.focus();
    }
  });

  function resetUnrated(row) {
    const box = row.querySelector("input.unrated-box");
    if (box) box.checked = row.dataset.unrated === "1";
  }

  // Chosen from the list with the mouse or Space: same rules as a key. The "not rated" box
  // of a board whose result is entered already is a correction: it asks a reason.
  table.addEventListener("change", function (event) {
    if (event.target.matches("select.result-select")) commit(event.target);
    else if (event.target.matches("input.unrated-box")) {
      const row = event.target.closest("tr");
      if (row.dataset.decided && event.target.checked !== (row.dataset.unrated === "1")) {
        askReason(row);
      }
    }
  });

  let swapping = null;
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    const row = event.detail.target;
    if (row && row.matches && row.matches("tr")) {
      swapping = { id: row.id, hadFocus: row.contains(document.activeElement) };
    }
  });
  document.body.addEventListener("htmx:afterSwap", function () {
    if (!swapping) return;
    const row = document.getElementById(swapping.id);
    const hadFocus = swapping.hadFocus;
    swapping = null;
    if (!row) return;
    const status = row.querySelector(".result-status");
    if (announcer && status) announcer.textContent = status.textContent.trim();
    const select = row.querySelector("select.result-select");
    if (hadFocus && select) {
      if (row.classList.contains("refused")) select.focus();
      else if (!focusNeighbour(select, 1)) select.focus();
    }
  });
  // A result the server did not store must be impossible to miss: the row turns red, its
  // select goes back to what the board still holds, and a banner above the table lists
  // every board not saved until it is saved.
  const banner = document.getElementById("unsaved-results");

  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, name) {
      return values[name];
    });
  }

  function label(select, value) {
    const option = Array.from(select.options).find(function (o) {
      return o.value === value;
    });
    return option ? option.text.trim() : value;
  }

  function markUnsaved(row, status) {
    const select = row.querySelector("select.result-select");
    if (!select) return;
    const board = row.id.replace("board-", "");
    const why = status
      ? fill(table.dataset.serverError, { status: status })
      : table.dataset.noAnswer;
    const text = fill(table.dataset.unsaved, {
      board: board,
      tried: label(select, select.value),
      why: why,
      held: label(select, row.dataset.result),
    });
    select.value = row.dataset.result;
    resetUnrated(row);
    row.classList.remove("saved");
    row.classList.add("unsaved");
    const cell = row.querySelector(".result-status");
    if (cell) {
      cell.innerHTML = "";
      const span = document.createElement("span");
      span.className = "status-refused";
      span.textContent = "✗ " + text;
      cell.appendChild(span);
    }
    if (banner) {
      let item = banner.querySelector('[data-board="' + board + '"]');
      if (!item) {
        item = document.createElement("li");
        item.dataset.board = board;
        banner.querySelector("ul").appendChild(item);
      }
      item.textContent = text;
      banner.hidden = false;
    }
    if (announcer) announcer.textContent = text;
  }

  function clearUnsaved(row) {
    if (!banner) return;
    const item = banner.querySelector('[data-board="' + row.id.replace("board-", "") + '"]');
    if (item) item.remove();
    banner.hidden = !banner.querySelector("li");
  }

  document.body.addEventListener("htmx:afterSwap", function (event) {
    const row = event.detail.target;
    if (row && row.id && row.id.indexOf("board-") === 0) {
      const fresh = document.getElementById(row.id);
      if (fresh) clearUnsaved(fresh);
    }
  });
  document.body.addEventListener("htmx:responseError", function (event) {
    const row = event.detail.elt.closest("tr");
    if (row) markUnsaved(row, event.detail.xhr.status);
  });
  document.body.addEventListener("htmx:sendError", function (event) {
    const row = event.detail.elt.closest("tr");
    if (row) markUnsaved(row, 0);
  });
})();
