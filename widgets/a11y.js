// treasurekit accessibility companion (anywidget ESM; shipped with the package, no CDN).
//
// One companion sits inside every board (class tk-board). It
//  * names and announces the board's parts by their CSS classes, again whenever
//    ipywidgets re-creates nodes (a MutationObserver): the status is a polite live
//    region, the notice an alert, each picture role=img with a label in words (sent by
//    the kernel), sliders named after their description, the move log a focusable
//    role=log, the app's collapsible sections real buttons with aria-expanded;
//  * shows "Your moves": a listbox of the moves the human may make now (sent by the
//    kernel from state.legal_moves()), with a type-ahead filter: arrow keys, Home/End,
//    PageUp/PageDown choose, Enter or Space plays, Escape cancels a half-made choice;
//    Enter on an empty list's line (why nothing can be played) is answered in the
//    board's notice;
//  * keeps focus off <body>: when the focused control disables or hides itself, focus
//    goes to the moves list (or the next control, or the status).

const SHOWN = 300; // options drawn at once (a long list is narrowed by typing)

function visible(node) {
  if (!node || !node.isConnected) return false;
  if (node.disabled) return false;
  const box = node.getBoundingClientRect();
  return box.width > 0 || box.height > 0;
}

function setAttrs(node, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (node.getAttribute(k) !== v) node.setAttribute(k, v);
  }
}

function decorate(board, app, model) {
  const status = board.querySelector(".tk-status");
  if (status) setAttrs(status, { role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const notice = board.querySelector(".tk-notice-box");
  if (notice) setAttrs(notice, { role: "alert", "aria-atomic": "true" });
  const pictures = board.querySelectorAll(".bqplot.figure, .tk-picture");
  pictures.forEach((fig, k) => {
    const title = fig.querySelector(".mainheading");
    const label = k === 0 ? model.get("picture_label")
      : (title && title.textContent.trim())
        || "part of the board picture (see the board picture's description)";
    setAttrs(fig, { role: "img", "aria-label": label || "the board" });
  });
  for (const root of [board, app]) {
    if (!root) continue;
    root.querySelectorAll(".widget-slider, .jupyter-widget-slider").forEach((slider) => {
      const name = slider.querySelector(".widget-label");
      const text = (name && name.textContent.trim()) || "slider";
      slider.querySelectorAll("[role=slider], .noUi-handle").forEach((h) =>
        setAttrs(h, { "aria-label": text }));
    });
    root.querySelectorAll(".tk-log").forEach((log) =>
      setAttrs(log, { role: "log", tabindex: "0", "aria-label": "Move log, newest last" }));
  }
  if (app) {
    app.querySelectorAll(".jupyter-widget-Collapse-header, .p-Collapse-header").forEach((head) => {
      const box = head.parentElement;
      const open = !!box && (box.classList.contains("jupyter-widget-Collapse-open")
        || box.classList.contains("p-Collapse-open"));
      setAttrs(head, { role: "button", tabindex: "0", "aria-expanded": String(open) });
      if (!head.dataset.tkKeys) {
        head.dataset.tkKeys = "1";
        head.addEventListener("keydown", (ev) => {
          if (ev.key === "Enter" || ev.key === " ") {
            ev.preventDefault();
            head.click();
          }
        });
      }
    });
  }
}

function focusables(root) {
  return Array.from(root.querySelectorAll(
    "button, input, select, textarea, [tabindex]:not([tabindex='-1'])"))
    .filter((n) => visible(n) && n.tabIndex >= 0);
}

export default {
  render({ model, el }) {
    el.classList.add("tk-keys");
    const uid = "tkk" + Math.random().toString(36).slice(2, 9);
    const head = document.createElement("div");
    head.className = "tk-keys-head";
    const title = document.createElement("span");
    title.className = "tk-keys-title";
    title.id = uid + "-title";
    const filter = document.createElement("input");
    filter.type = "text";
    filter.className = "tk-keys-filter";
    filter.placeholder = "type to filter";
    filter.setAttribute("aria-label", "Filter your moves");
    filter.setAttribute("aria-controls", uid + "-list");
    head.append(title, filter);
    const list = document.createElement("ul");
    list.className = "tk-keys-list";
    list.id = uid + "-list";
    list.tabIndex = 0;
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-labelledby", uid + "-title");
    const hint = document.createElement("div");
    hint.className = "tk-keys-hint";
    hint.textContent = "↑/↓ choose · Enter plays · Esc cancels · letters filter";
    el.append(head, list, hint);

    let matches = []; // indices into items
    let active = 0;

    function draw() {
      const items = model.get("items") || [];
      const text = filter.value.trim().toLowerCase();
      const words = text.split(/\s+/).filter(Boolean);
      matches = [];
      items.forEach((item, i) => {
        const low = item.toLowerCase();
        if (words.every((w) => low.includes(w))) matches.push(i);
      });
      active = Math.min(active, Math.max(0, matches.length - 1));
      const shown = matches.slice(0, SHOWN);
      title.textContent = `${model.get("title")} (${matches.length}${
        words.length ? ` of ${items.length}` : ""})`;
      list.replaceChildren(...shown.map((i, k) => {
        const li = document.createElement("li");
        li.setAttribute("role", "option");
        li.id = `${uid}-o${k}`;
        li.textContent = items[i];
        li.setAttribute("aria-selected", String(k === active));
        if (k === active) li.classList.add("tk-keys-active");
        li.addEventListener("click", () => { active = k; play(); });
        return li;
      }));
      if (matches.length > SHOWN) {
        const more = document.createElement("li");
        more.setAttribute("role", "option");
        more.setAttribute("aria-disabled", "true");
        more.id = `${uid}-more`;
        more.textContent = `… ${matches.length - SHOWN} more: type to narrow the list`;
        list.append(more);
      }
      if (matches.length === 0) { // one disabled option says why: the list keeps focus
        const none = document.createElement("li");
        none.setAttribute("role", "option");
        none.setAttribute("aria-disabled", "true");
        none.setAttribute("aria-selected", "false");
        none.id = `${uid}-none`;
        none.className = "tk-keys-none";
        none.textContent = items.length ? "No move matches the filter." : model.get("idle");
        none.addEventListener("click", () => play());
        list.append(none);
        list.setAttribute("aria-activedescendant", none.id);
      } else {
        list.setAttribute("aria-activedescendant", `${uid}-o${active}`);
      }
      const current = list.querySelector(".tk-keys-active");
      if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
    }

    function play() {
      if (!matches.length) { // the line says why nothing can be played: the kernel
        // answers in the notice (an alert), e.g. "press Start first"; never silence
        if (!(model.get("items") || []).length) model.send({ idle: true });
        return;
      }
      model.send({ play: matches[active], version: model.get("version") });
    }

    function move(to) {
      const last = Math.min(matches.length, SHOWN) - 1;
      active = Math.max(0, Math.min(last, to));
      draw();
    }

    function keys(ev, inFilter) {
      const page = 8;
      switch (ev.key) {
        case "ArrowDown": move(active + 1); break;
        case "ArrowUp": move(active - 1); break;
        case "PageDown": move(active + page); break;
        case "PageUp": move(active - page); break;
        case "Home": if (inFilter) return; move(0); break;
        case "End": if (inFilter) return; move(matches.length); break;
        case "Enter": play(); break;
        case " ": // plays, unless a filter is being typed (then it is a space in it)
          if (inFilter) return;
          if (filter.value) { filter.value += " "; draw(); break; }
          play(); break;
        case "Escape":
          filter.value = "";
          active = 0;
          draw();
          model.send({ cancel: true });
          break;
        case "Backspace":
          if (inFilter) return;
          filter.value = filter.value.slice(0, -1); active = 0; draw(); break;
        default:
          if (!inFilter && ev.key.length === 1 && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
            filter.value += ev.key;
            active = 0;
            draw();
            break;
          }
          return;
      }
      ev.preventDefault();
      ev.stopPropagation(); // JupyterLab's notebook shortcuts must not see these keys
    }
    list.addEventListener("keydown", (ev) => keys(ev, false));
    filter.addEventListener("keydown", (ev) => keys(ev, true));
    filter.addEventListener("input", () => { active = 0; draw(); });

    model.on("change:items", () => { active = 0; draw(); });
    model.on("change:title", draw);
    model.on("change:idle", draw);
    draw();

    // ----- the board around the companion ------------------------------------------
    let board = null;
    let app = null;
    let lastFocus = null;
    let observer = null;
    let scheduled = false;

    function rescue() {
      const now = document.activeElement;
      if (now && now !== document.body && board.contains(now) && visible(now)) return;
      if (now && now !== document.body && !board.contains(now)) return;
      // only when the control that had focus became unusable (not when the user clicked away)
      if (!lastFocus || (lastFocus.isConnected && visible(lastFocus))) return;
      // the control that had focus disabled, hid or removed itself: hand focus on
      let target = null;
      if (visible(list)) target = list;
      if (!target) {
        const all = focusables(board);
        const after = all.find((n) => lastFocus.isConnected
          && (lastFocus.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING));
        target = after || all[0] || null;
      }
      if (!target) {
        target = board.querySelector(".tk-status");
        if (target && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      }
      if (target) target.focus({ preventScroll: true });
    }

    function onMutations() {
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(() => {
        scheduled = false;
        decorate(board, app, model);
        rescue();
      });
    }

    function attach(tries) {
      board = el.closest(".tk-board");
      if (!board) {
        if (tries > 0) setTimeout(() => attach(tries - 1), 50);
        return;
      }
      app = el.closest(".tk-app");
      decorate(board, app, model);
      board.addEventListener("focusin", (ev) => { lastFocus = ev.target; });
      observer = new MutationObserver(onMutations);
      observer.observe(app || board, {
        subtree: true, childList: true, attributes: true,
        attributeFilter: ["disabled", "style", "class"],
      });
      model.on("change:picture_label", () => decorate(board, app, model));
    }
    attach(100);

    return () => { if (observer) observer.disconnect(); };
  },
};
