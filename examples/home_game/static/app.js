// The home-game page: one seat's view of the table over a websocket. No build step.
"use strict";

const SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
let socket = null;
let mySeat = null;
let view = null;
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

function renderSeats() {
  const seats = document.getElementById("seats");
  seats.replaceChildren();
  const drawing = view.legal.some((m) => m.action === "discard");
  for (const s of view.seats) {
    const classes = ["seat"];
    if (s.seat === mySeat) classes.push("me");
    if (s.seat === view.actor) classes.push("actor");
    if (s.folded) classes.push("out");
    const title = el("h2", {}, "Seat " + s.seat + (s.seat === mySeat ? " (you)" : ""),
      view.button === s.seat ? el("span", { class: "dealer", title: "button" }, "D") : "");
    const cards = el("div", { class: "cards" });
    for (const c of s.down || []) cards.append(cardNode(c, drawing && s.seat === mySeat));
    for (let k = 0; k < (s.hidden || 0); k++) cards.append(cardNode(null, false));
    for (const c of s.up || []) cards.append(cardNode(c, drawing && s.seat === mySeat));
    const chips = el("div", { class: "chips" }, "Stack " + s.stack +
      (s.bet ? " \u00b7 in pot " + s.bet : "") + (s.folded ? " \u00b7 folded" : ""));
    seats.append(el("div", { class: classes.join(" "), "data-seat": s.seat }, title, cards, chips));
  }
}

function renderActions() {
  const actions = document.getElementById("actions");
  actions.replaceChildren();
  for (const move of view.legal) {
    const label = move.action.replace("_", " ");
    if (move.min !== undefined && move.action !== "discard") {
      const input = el("input", { type: "number", min: move.min, max: move.max, value: move.min,
        id: "amount-" + move.action });
      actions.append(el("button", { "data-action": move.action, onclick: () =>
        send({ type: "act", action: move.action, amount: Number(input.value) }) },
        label + " to"), input);
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

function renderPots() {
  const pots = document.getElementById("pots");
  pots.replaceChildren();
  if (!view.pots.length) return;
  const table = el("table", { id: "pot-table" },
    el("tr", {}, el("th", {}, "Pot"), el("th", {}, "Chips"), el("th", {}, "Eligible"),
      el("th", {}, "Won by")));
  for (const pot of view.pots) {
    const won = Object.entries(pot.payouts).map(([seat, chips]) => "seat " + seat + ": " + chips);
    table.append(el("tr", {}, el("td", {}, pot.name), el("td", {}, String(pot.amount)),
      el("td", {}, pot.eligible.join(", ")), el("td", {}, won.join("; "))));
  }
  pots.append(el("div", {}, "Showdown"), table);
}

function render() {
  if (!view) return;
  document.getElementById("title").textContent = view.variant;
  document.getElementById("board").replaceChildren(...view.board.map((c) => cardNode(c, false)));
  document.getElementById("pot").textContent = view.pot;
  document.getElementById("number").textContent = view.hand;
  document.getElementById("street").textContent = view.complete ? "hand over" : (view.street || "");
  document.getElementById("last").textContent = view.last || "";
  document.getElementById("status").textContent = "Seat " + mySeat + " \u00b7 " +
    (view.actor === mySeat && view.legal.length ? "your turn"
      : (view.actor === null ? "waiting" : "seat " + view.actor + " to act"));
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
      view = message.view;
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
