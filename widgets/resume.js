// The save keeper of a play app (treasurekit_widgets.resume.SaveKeeper), an anywidget.
//
// * keeps the app's save key (never the game) in localStorage, and hands a stored key
//   to the kernel when the page opens, so that it can offer "Resume your game";
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
  el.classList.add("tk-keeper");
  const lost = banner(app);
  el.appendChild(lost);
  let gone = false; // the words are on display
  let dead = false; // ipywidgets marked the widgets disconnected: no way back
  const lose = () => {
    if (gone) return;
    gone = true;
    lost.style.display = "block";
    document.body.classList.add("tk-connection-lost");
  };
  const found = () => {
    // a late answer: the kernel was only busy (a slow bot on a loaded server)
    if (!gone || dead) return;
    gone = false;
    lost.style.display = "none";
    document.body.classList.remove("tk-connection-lost");
  };

  const store = () => remember(SLOT + app, model.get("key"));
  model.on("change:key", store);
  store();

  if (!model.get("key") && !model.get("stored_key")) {
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
    if (!target.closest(".tk-app, .tk-board")) return;
    if (waiting !== null) return; // one question at a time
    sent += 1;
    arm();
    busy.observe(target.closest(".tk-app") || document.body,
                 { subtree: true, childList: true, characterData: true });
    model.send({ kind: "ping", n: sent });
  };
  document.addEventListener("click", onClick, true);

  const watch = setInterval(() => {
    if (document.querySelector(".tk-app .jupyter-widgets-disconnected, " +
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
