// The save keeper of a play app or of a notebook's board
// (treasurekit_widgets.resume.SaveKeeper), an anywidget.
//
// * keeps the app's save key (never the game) in localStorage, and hands a stored key
//   to the kernel when the page opens, so that it can offer "Resume your game"; a
//   notebook's board (kind "board") keeps its key in one list shared by every board
//   of the page's server (the newest first) and hands the whole list to the kernel,
//   which finds the save of a board like itself there (treasurekit_widgets.nb_resume);
// * says in words when the game lost its connection to the server (a dead or culled
//   kernel), with one button that reloads the page and resumes the saved game;
// * turns a record the kernel sends on request into a file download.
//
// No timer talks to the server: a click on the app sends one "ping" message, and
// only if neither the answer nor any redraw of the app comes within `lost_after_ms`
// is the connection called lost (a late answer takes the words back). The page also
// watches (locally) for ipywidgets' own "disconnected" mark on its widgets.

const SLOT = "treasurekit-save:";
const AUTO = "treasurekit-resume:";
const BOARDS = "treasurekit-board-saves"; // the notebook boards' keys, newest first
const KEEP = 40; // keys kept in that list

function rememberBoard(key) {
  if (!key) return;
  let keys = [];
  try {
    const old = JSON.parse(localStorage.getItem(BOARDS) || "[]");
    if (Array.isArray(old)) keys = old.filter((k) => typeof k === "string" && k !== key);
  } catch (err) {
    keys = []; // a broken list is started again
  }
  try {
    localStorage.setItem(BOARDS, JSON.stringify([key, ...keys].slice(0, KEEP)));
  } catch (err) {
    // storage refused: the save stays on the server only
  }
}

function boardKeys() {
  try {
    const keys = JSON.parse(localStorage.getItem(BOARDS) || "[]");
    return Array.isArray(keys) ? keys.filter((k) => typeof k === "string").slice(0, KEEP) : [];
  } catch (err) {
    return [];
  }
}

function remember(key, value) {
  try {
    if (value) localStorage.setItem(key, value);
  } catch (err) {
    // storage refused (private mode, quota): the save stays on the server only
  }
}

function recall(store, key) {
  try {
    return store.getItem(key);
  } catch (err) {
    return null;
  }
}

function download(msg) {
  const blob = new Blob([msg.text], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = msg.name;
  link.className = "tk-download-link";
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  setTimeout(() => {
    link.remove();
    URL.revokeObjectURL(url);
  }, 1000);
}

// A notebook's board: the words sit in the board itself (a notebook may hold several
// boards, and the page is JupyterLab's), and say how to come back: the cell is run
// again (a reload of JupyterLab runs nothing), then Resume your game. A notebook shown
// by Voila has no cells to run: there a reload runs it again, and the button reloads.
function boardBanner() {
  const inVoila = window.location.pathname.includes("/voila/render/");
  const box = document.createElement("div");
  box.className = "tk-lost";
  box.setAttribute("role", "alert");
  box.style.cssText =
    "display:none;margin:6px 0;padding:10px 14px;background:#fff7e6;" +
    "border-left:4px solid #b45309;color:#1f2937;font-size:14px;max-width:800px";
  const text = document.createElement("div");
  text.className = "tk-lost-text";
  text.textContent = inVoila
    ? "This page lost its connection to the server (it was left alone too long, or the " +
      "server stopped it). Your game is saved up to your last move: reload the page, " +
      "then press \"Resume your game\" above this board."
    : "This board lost its connection to its kernel (the kernel died, was restarted or " +
      "shut down), so it cannot answer clicks any more. Your game is saved up to your " +
      "last move: run this cell again (Kernel > Restart Kernel first if no kernel is " +
      "running), then press \"Resume your game\" above the new board.";
  box.append(text);
  if (inVoila) {
    const button = document.createElement("button");
    button.className = "tk-lost-resume";
    button.textContent = "Reload the page";
    button.style.cssText =
      "margin-top:8px;padding:6px 14px;font-size:15px;background:#1d4ed8;color:#fff;" +
      "border:0;border-radius:4px;cursor:pointer";
    button.addEventListener("click", () => window.location.reload());
    box.append(button);
  }
  return box;
}

function banner(app) {
  const box = document.createElement("div");
  box.className = "tk-lost";
  box.setAttribute("role", "alert");
  box.style.cssText =
    "display:none;position:fixed;top:0;left:0;right:0;z-index:10000;padding:14px 18px;" +
    "background:#fff7e6;border-bottom:3px solid #b45309;color:#1f2937;font-size:15px;" +
    "box-shadow:0 2px 8px rgba(0,0,0,.25)";
  const text = document.createElement("div");
  text.className = "tk-lost-text";
  text.textContent =
    "The game lost its connection to the server (the page was left alone too long, " +
    "or the server stopped it). Your game is saved up to your last move: press the " +
    "button to load it again and play on.";
  const button = document.createElement("button");
  button.className = "tk-lost-resume";
  button.textContent = "Reconnect and resume my game";
  button.style.cssText =
    "margin-top:8px;padding:6px 14px;font-size:15px;background:#1d4ed8;color:#fff;" +
    "border:0;border-radius:4px;cursor:pointer";
  button.addEventListener("click", () => {
    try {
      sessionStorage.setItem(AUTO + app, "1");
    } catch (err) {
      // without sessionStorage the reloaded page offers Resume instead
    }
    window.location.reload();
  });
  box.append(text, button);
  return box;
}

function render({ model, el }) {
  const app = model.get("app");
  const onBoard = model.get("kind") === "board";
  el.classList.add("tk-keeper");
  const lost = onBoard ? boardBanner() : banner(app);
  el.appendChild(lost);
  // the board this keeper belongs to (a notebook's), or the whole page (an app's)
  const scope = () => (onBoard ? el.closest(".tk-board") : null);
  let gone = false; // the words are on display
  let dead = false; // ipywidgets marked the widgets disconnected: no way back
  const lose = () => {
    if (gone) return;
    gone = true;
    lost.style.display = "block";
    if (!onBoard) document.body.classList.add("tk-connection-lost");
  };
  const found = () => {
    // a late answer: the kernel was only busy (a slow bot on a loaded server)
    if (!gone || dead) return;
    gone = false;
    lost.style.display = "none";
    document.body.classList.remove("tk-connection-lost");
  };

  const store = () =>
    onBoard ? rememberBoard(model.get("key")) : remember(SLOT + app, model.get("key"));
  model.on("change:key", store);
  store();

  if (onBoard) {
    if (!model.get("key") && model.get("stored_keys").length === 0) {
      const keys = boardKeys();
      if (keys.length) {
        model.set("stored_keys", keys);
        model.save_changes();
      }
    }
  } else if (!model.get("key") && !model.get("stored_key")) {
    const stored = recall(localStorage, SLOT + app);
    const auto = recall(sessionStorage, AUTO + app) === "1";
    try {
      sessionStorage.removeItem(AUTO + app);
    } catch (err) {
      // nothing to forget
    }
    if (stored) {
      model.set("auto", auto);
      model.set("stored_key", stored);
      model.save_changes();
    }
  }

  // While a click waits for the kernel's answer, the board redrawing (the bots' moves
  // arriving) shows the kernel is alive and busy: each redraw restarts the wait.
  let waiting = null;
  let sent = 0;
  const arm = () => {
    if (waiting !== null) clearTimeout(waiting);
    waiting = setTimeout(lose, model.get("lost_after_ms"));
  };
  const busy = new MutationObserver(() => {
    if (waiting !== null) arm();
  });
  const onMessage = (msg) => {
    if (msg && msg.kind === "pong") {
      if (waiting !== null) clearTimeout(waiting);
      waiting = null;
      busy.disconnect();
      found();
    } else if (msg && msg.kind === "file") {
      download(msg);
    }
  };
  model.on("msg:custom", onMessage);

  const onClick = (event) => {
    const target = event.target;
    if (dead || !(target instanceof Element) || lost.contains(target)) return;
    if (onBoard ? !(scope() && scope().contains(target))
                : !target.closest(".tk-app, .tk-board")) return;
    if (waiting !== null) return; // one question at a time
    sent += 1;
    arm();
    busy.observe((onBoard ? scope() : target.closest(".tk-app")) || document.body,
                 { subtree: true, childList: true, characterData: true });
    try {
      model.send({ kind: "ping", n: sent });
    } catch (err) {
      // no way to the kernel at all: the wait runs out and the words come
    }
  };
  document.addEventListener("click", onClick, true);

  const watch = setInterval(() => {
    const board = onBoard ? scope() : null;
    if (onBoard ? !!board && (board.matches(".jupyter-widgets-disconnected") ||
                              !!board.querySelector(".jupyter-widgets-disconnected"))
                : document.querySelector(".tk-app .jupyter-widgets-disconnected, " +
                                         ".tk-keeper.jupyter-widgets-disconnected")) {
      dead = true;
      lose();
    }
  }, 1000);

  return () => {
    document.removeEventListener("click", onClick, true);
    clearInterval(watch);
    busy.disconnect();
    if (waiting !== null) clearTimeout(waiting);
    model.off("msg:custom", onMessage);
    model.off("change:key", store);
  };
}

export default { render };
