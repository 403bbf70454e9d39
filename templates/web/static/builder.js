// wmdata builder: small conveniences over server-rendered forms.  Every rule and every
// number comes from the server; the page works without this script.
"use strict";
document.documentElement.classList.add("js");

document.addEventListener("DOMContentLoaded", () => {
  // Choices apply as soon as they change: through the Set/Move button beside them (the
  // builder's one form needs to know which edit), or the whole form on the start page.
  for (const select of document.querySelectorAll("select[data-autosubmit]")) {
    select.addEventListener("change", () => {
      if (select.value === "") return;
      const button = select.closest(".choice")?.querySelector("button[type=submit]");
      if (button) select.form.requestSubmit(button); else select.form.submit();
    });
  }

  // Catalogue search: hide entries (and empty groups) whose name does not match.
  const search = document.getElementById("catalogue-search");
  if (search) {
    search.addEventListener("input", () => {
      const words = search.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
      for (const group of document.querySelectorAll(".catalogue .group")) {
        let shown = 0;
        for (const entry of group.querySelectorAll(".cat-entry")) {
          const match = words.every((word) => entry.dataset.name.includes(word));
          entry.classList.toggle("hidden", !match);
          if (match) shown += 1;
        }
        group.classList.toggle("hidden", shown === 0);
      }
    });
  }

  // Copy the share code.
  for (const button of document.querySelectorAll("button[data-copy]")) {
    button.addEventListener("click", async () => {
      const field = document.getElementById(button.dataset.copy);
      field.select();
      try { await navigator.clipboard.writeText(field.value); } catch (error) { document.execCommand("copy"); }
      button.textContent = "Copied";
    });
  }

  // Stat cards open in a dialog instead of a new tab.
  const dialog = document.getElementById("card-dialog");
  if (dialog && typeof dialog.showModal === "function") {
    const frame = document.getElementById("card-frame");
    for (const link of document.querySelectorAll("a.card-link")) {
      link.addEventListener("click", (event) => {
        event.preventDefault();
        frame.src = link.href;
        dialog.showModal();
      });
    }
  }

  // Open a list file: read it into the text box.
  for (const input of document.querySelectorAll("input[type=file][data-fills]")) {
    input.addEventListener("change", async () => {
      const file = input.files[0];
      if (file) input.form.elements[input.dataset.fills].value = await file.text();
    });
  }
});
