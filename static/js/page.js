// What the pages' markup asks for in data- attributes, so that no page holds a script of its
// own: the Content-Security-Policy refuses every script but the site's files.
//   <select data-submit-on-change>  sends its form when another option is chosen
//   <button data-print>             prints the page
// Listened for on the document, so that rows htmx swaps in behave alike.
document.addEventListener("change", (event) => {
  const select = event.target.closest("select[data-submit-on-change]");
  if (select && select.form) {
    select.form.submit();
  }
});

document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) {
    window.print();
  }
});
