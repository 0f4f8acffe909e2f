// The home-game page: one seat's view of the table over a websocket. No build step.
"use strict";

const SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
let socket = null;
let mySeat = null;
let state = null;  // the last "state" message
let view = null;   // its view: the library's HandView document's value (null between hands)
let picked = new Set();

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "onclick") node.onclick = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function cardNode(text, pickable) {
  if (text === null) return el("span", { class: "card back" }, "??");
  const suit = text.slice(-1);
  const red = suit === "h" || suit === "d";
  const node = el("span", { class: "card" + (red ? " red" : ""), "data-card": text },
    text.slice(0, -1) + (SUITS[suit] || suit));
  if (pickable) {
    if (picked.has(text)) node.classList.add("picked");
    node.onclick = () => {
      if (picked.has(text)) picked.delete(text); else picked.add(text);
      render();
    };
  }
  return node;
}

function send(message) {
  socket.send(JSON.stringify(message));
}

// The buttons a seat's legal actions make: the view's "legal" is the library's LegalActions
// (one record for every phase: betting, the draw, the showdown), or null when it is not our turn.
function moves(legal) {
  const out = [];
  if (!legal) return out;
  if (legal.bring_in !== null) out.push({ action: "bring_in", amount: legal.bring_in });
  if (legal.fold) out.push({ action: "fold" });
  if (legal.check) out.push({ action: "check" });
  if (legal.call !== null) out.push({ action: "call", amount: legal.call });
  if (legal.bet) out.push({ action: "bet", min: legal.bet.low, max: legal.bet.high });
  if (legal.raise_to) out.push({ action: "raise", min: legal.raise_to.low, max: legal.raise_to.high });
  if (legal.complete !== null) out.push({ action: "complete", amount: legal.complete });
  if (legal.stand_pat) out.push({ action: "stand_pat" });
  if (legal.discard) out.push({ action: "discard", max: legal.discard.high });
  if (legal.show) out.push({ action: "show" });
  if (legal.muck) out.push({ action: "muck" });
  if (legal.runouts) {  // at an all-in: how many times to run the board, one button a count
    for (let count = legal.runouts.low; count <= legal.runouts.high; count += legal.runouts.step) {
      out.push({ action: "runouts", count: count });
    }
  }
  return out;
}

const WORDS = { Fold: "fold", Check: "check", Call: "call", BringIn: "bring in",
  Complete: "complete", StandPat: "stand pat", ShowHand: "show", Muck: "muck" };

// The last action in the view's log, in words (a discard says how many cards, not which).
function lastAction() {
  for (let k = view.log.length - 1; k >= 0; k--) {
    const entry = view.log[k];
    if (entry.type === "SeenDiscard") return "seat " + entry.seat + ": discard " + entry.count;
    if (entry.type !== "Acted") continue;
    const action = entry.action;
    let words = WORDS[action.type] || action.type;
    if (action.type === "Bet") words = "bet " + action.amount;
    else if (action.type === "Raise") words = "raise to " + action.to;
    else if (action.type === "Discard") words = "discard " + action.cards.length;
    else if (action.type === "ChooseRunouts") words = runWords(action.count);
    return "seat " + entry.seat + ": " + words;
  }
  return "";
}

function runWords(count) {
  return count === 1 ? "run it once" : "run it " + count + " times";
}

function renderSeats() {
  const seats = document.getElementById("seats");
  seats.replaceChildren();
  if (!view) {  // between hands: the table's stacks
    for (const [seat, stack] of Object.entries(state.stacks)) {
      seats.append(el("div", { class: "seat", "data-seat": seat },
        el("h2", {}, "Seat " + seat + (Number(seat) === mySeat ? " (you)" : "")),
        el("div", { class: "chips" }, "Stack " + stack)));
    }
    return;
  }
  const drawing = view.legal !== null && view.legal.discard !== null;
  const over = view.phase === "complete";
  for (const s of view.seats) {
    const classes = ["seat"];
    if (s.seat === mySeat) classes.push("me");
    if (s.seat === view.actor) classes.push("actor");
    if (s.folded) classes.push("out");
    const title = el("h2", {}, "Seat " + s.seat + (s.seat === mySeat ? " (you)" : ""),
      view.button === s.seat ? el("span", { class: "dealer", title: "button" }, "D") : "");
    const cards = el("div", { class: "cards" });
    for (const c of s.down) cards.append(cardNode(c, drawing && s.seat === mySeat));
    for (const c of s.up) cards.append(cardNode(c, drawing && s.seat === mySeat));
    const chips = el("div", { class: "chips" }, "Stack " + s.stack +
      (s.committed && !over ? " \u00b7 in pot " + s.committed : "") +
      (s.folded ? " \u00b7 folded" : ""));
    seats.append(el("div", { class: classes.join(" "), "data-seat": s.seat }, title, cards, chips));
  }
}

function renderActions() {
  const actions = document.getElementById("actions");
  actions.replaceChildren();
  if (!view || view.actor !== mySeat) return;
  for (const move of moves(view.legal)) {
    const label = move.action.replace("_", " ");
    if (move.min !== undefined) {
      const input = el("input", { type: "number", min: move.min, max: move.max, value: move.min,
        id: "amount-" + move.action });
      actions.append(el("button", { "data-action": move.action, onclick: () =>
        send({ type: "act", action: move.action, amount: Number(input.value) }) },
        label + " to"), input);
    } else if (move.action === "runouts") {
      actions.append(el("button", { "data-action": "runouts", "data-count": move.count,
        onclick: () => send({ type: "act", action: "runouts", count: move.count }) },
        runWords(move.count)));
    } else if (move.action === "discard") {
      actions.append(el("button", { "data-action": "discard", onclick: () => {
        send({ type: "act", action: "discard", cards: [...picked] });
        picked = new Set();
      } }, "discard picked (up to " + move.max + ")"));
    } else {
      const amount = move.amount !== undefined ? " " + move.amount : "";
      actions.append(el("button", { "data-action": move.action, onclick: () =>
        send({ type: "act", action: move.action }) }, label + amount));
    }
  }
}

// Once the hand is over, the outcome's awards: each pot, who could win it and who did.
function renderPots() {
  const pots = document.getElementById("pots");
  pots.replaceChildren();
  if (!view || !view.outcome || !view.outcome.awards.length) return;
  const table = el("table", { id: "pot-table" },
    el("tr", {}, el("th", {}, "Pot"), el("th", {}, "Chips"), el("th", {}, "Eligible"),
      el("th", {}, "Won by")));
  const runs = view.outcome.runout_of;  // each award's board when it ran more than once
  view.outcome.awards.forEach((award, k) => {
    const name = (award.index === 0 ? "main pot" : "side pot " + award.index) +
      (runs.length ? " (board " + runs[k] + ")" : "");
    const won = award.payouts.map(([seat, chips]) => "seat " + seat + ": " + chips);
    table.append(el("tr", {}, el("td", {}, name), el("td", {}, String(award.pot.amount)),
      el("td", {}, award.pot.eligible.join(", ")), el("td", {}, won.join("; "))));
  });
  pots.append(el("div", {}, "Showdown"), table);
}

function render() {
  if (!state) return;
  document.getElementById("number").textContent = state.hand;
  document.getElementById("title").textContent = view ? view.variant : "Home game";
  document.getElementById("board").replaceChildren(
    ...(view ? view.board : []).map((c) => cardNode(c, false)));
  // the boards of a board run more than once (or of a game of several boards), one a line
  const boards = view && view.boards.length > 1 ? view.boards : [];
  document.getElementById("boards").replaceChildren(...boards.map((cards, k) =>
    el("div", { class: "run" }, "Board " + (k + 1) + ": ", ...cards.map((c) => cardNode(c, false)))));
  document.getElementById("pot").textContent = view ? view.pot : 0;
  document.getElementById("street").textContent =
    !view ? "" : (view.phase === "complete" ? "hand over" : view.street);
  document.getElementById("last").textContent = view ? lastAction() : "";
  document.getElementById("status").textContent = "Seat " + mySeat + " \u00b7 " +
    (view && view.actor === mySeat && view.legal ? "your turn"
      : (!view || view.actor === null ? "waiting" : "seat " + view.actor + " to act"));
  renderSeats();
  renderActions();
  renderPots();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/ws");
  socket.onopen = () => send({ type: "sit" });
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "seated") {
      mySeat = message.seat;
      document.getElementById("sit").disabled = true;
      document.getElementById("status").textContent = "Seat " + mySeat;
    } else if (message.type === "state") {
      state = message;
      view = message.view === null ? null : message.view.value;
      document.getElementById("message").textContent = "";
      render();
    } else if (message.type === "error") {
      document.getElementById("message").textContent = message.message;
    } else if (message.type === "over") {
      document.getElementById("status").textContent = "Game over after " + message.hands + " hands";
    }
  };
}

document.getElementById("sit").onclick = connect;
