// puzzlesmith in the browser: pick or paste a puzzle, play it, ask for help, watch a solver.
// Each puzzle's drawing and moves live in its own module, shipped in the puzzle's package
// (the catalogue gives its URL), or in puzzles/generic.js; this file is the shell around them.
import generic from "./puzzles/generic.js";

const $ = (id) => document.getElementById(id);

let catalogue = null;          // GET /api/puzzles
const modules = {};            // script URL -> the promise of its module
let game = null;               // the puzzle being played
let watch = null;              // the trace being watched
let timerId = null;

// -- the API ------------------------------------------------------------------------------

export async function api(name, verb, body) {
  if (game && body.text === game.text && game.name === name) body = { ...game.params, ...body };
  document.body.classList.add("busy");
  try {
    const response = await fetch(`/api/${name}/${verb}`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    answer.httpStatus = response.status;
    return answer;
  } catch (error) {
    return { status: "error", error: `the server did not answer (${error.message})`, seconds: 0, nodes: 0 };
  } finally {
    document.body.classList.remove("busy");
  }
}

// -- start-up and the URL -----------------------------------------------------------------

async function start() {
  catalogue = await (await fetch("/api/puzzles")).json();
  for (const name of catalogue.puzzles) {
    const tab = document.createElement("button");
    tab.textContent = label(name);
    tab.dataset.puzzle = name;
    tab.id = `tab-${name}`;
    tab.addEventListener("click", () => { location.hash = `p=${name}`; });
    $("tabs").append(tab);
  }
  wire();
  window.addEventListener("hashchange", () => openFromHash());
  await openFromHash();
}

function label(name) {
  return catalogue.about[name].label || name;
}

function moduleOf(name) {
  // The puzzle's own module, loaded once; the generic one if it has none or it fails to load.
  const url = catalogue.about[name].script;
  if (!url) return Promise.resolve(generic);
  modules[url] ||= import(url).then((loaded) => loaded.default, (error) => {
    console.error(`${url}: ${error}`);
    return generic;
  });
  return modules[url];
}

function hashParams() {
  return new URLSearchParams(location.hash.replace(/^#/, ""));
}

async function openFromHash() {
  const params = hashParams();
  let name = params.get("p");
  if (!catalogue.puzzles.includes(name)) name = catalogue.puzzles[0];
  if (game && game.hash === location.hash) return;
  const module = await moduleOf(name);
  showTab(name, module);
  const text = params.get("text");
  const options = {};
  for (const [key, value] of params) if (key !== "p" && key !== "text") options[key] = value;
  if (text !== null) {
    await load(name, text, { params: parseParams(name, options) });
    return;
  }
  const about = catalogue.about[name];
  if (!about.verbs.includes("generate") && about.example !== null) {  // no generator: its example
    await load(name, about.example, { params: parseParams(name, options) });
    return;
  }
  if (params.size <= 1) Object.assign(options, about.defaults);
  if (!("seed" in options)) {
    options.seed = String(Math.floor(Math.random() * 1e6));
    history.replaceState(null, "", "#" + new URLSearchParams({ p: name, ...options }));
  }
  fillForm(name, options);
  await generate(name, options);
}

function showTab(name, module) {
  for (const tab of $("tabs").children) {
    tab.setAttribute("aria-current", String(tab.dataset.puzzle === name));
  }
  const about = catalogue.about[name];
  const fields = $("generate-fields");
  fields.replaceChildren();
  for (const option of about.options) {
    // Caps (max_tiles, max_cells, ...) stay at their defaults in the page.
    if (!option.verbs.includes("generate") || option.name === "seed" || option.name.startsWith("max_")) continue;
    if ((module.hidden || []).includes(option.name)) continue;
    fields.append(optionField(option));
  }
  $("new").disabled = !about.verbs.includes("generate");
  $("new").title = $("new").disabled ? "This puzzle cannot make new ones yet: paste one" : "";
  const methods = about.trace || [];
  $("method").replaceChildren(...methods.map((m) => new Option(m, m)));
  $("watch").hidden = methods.length === 0;
}

function optionField(option) {
  const label = document.createElement("label");
  label.title = option.help || "";
  label.append(option.name.replaceAll("_", " ") + " ");
  let input;
  if (option.type === "choice") {
    input = document.createElement("select");
    if (option.default === null) input.append(new Option("", ""));
    for (const choice of option.choices) input.append(new Option(choice, choice));
  } else if (option.type === "bool") {
    input = document.createElement("input");
    input.type = "checkbox";
  } else {
    input = document.createElement("input");
    input.type = option.type === "int" ? "number" : "text";
    if (option.type === "int") input.step = "1";
    if (option.minimum !== null && option.type === "int") input.min = option.minimum;
  }
  input.name = option.name;
  input.id = `opt-${option.name}`;
  if (option.default !== null && option.default !== undefined) {
    if (input.type === "checkbox") input.checked = Boolean(option.default);
    else input.value = option.default;
  }
  label.append(input);
  return label;
}

function fillForm(name, options) {
  for (const [key, value] of Object.entries(options)) {
    const input = key === "seed" ? $("seed") : $(`opt-${key}`);
    if (!input) continue;
    if (input.type === "checkbox") input.checked = value === "true";
    else input.value = value;
  }
}

function formOptions() {
  const options = {};
  for (const input of $("generate").querySelectorAll("input, select")) {
    if (input.type === "checkbox") { if (input.checked) options[input.name] = "true"; continue; }
    if (input.value !== "") options[input.name] = input.value;
  }
  if (!("seed" in options)) options.seed = String(Math.floor(Math.random() * 1e6));
  return options;
}

function parseParams(name, options) {
  // The options of a puzzle that its text does not hold (its rules): given when it was
  // generated or linked, and sent again with the text on every request.
  const parse = catalogue.about[name].options.filter((o) => o.phase === "parse" && o.verbs.includes("solve"));
  const chosen = {};
  for (const option of parse) if (option.name in options) chosen[option.name] = options[option.name];
  return typed(name, chosen, "parse");
}

function typed(name, options, phase = null) {
  // URL values are text: turn them into the JSON types the options declare.
  const kinds = Object.fromEntries(catalogue.about[name].options
    .filter((o) => phase === null ? o.verbs.includes("generate") : o.phase === phase)
    .map((o) => [o.name, o.type]));
  const body = {};
  for (const [key, value] of Object.entries(options)) {
    const kind = key === "seed" ? "int" : kinds[key];
    if (kind === "int") body[key] = Number(value);
    else if (kind === "float") body[key] = Number(value);
    else if (kind === "bool") body[key] = value === "true";
    else body[key] = value;
  }
  return body;
}

// -- making a puzzle ----------------------------------------------------------------------

async function generate(name, options) {
  say(`Making a ${label(name)} puzzle...`);
  const made = await api(name, "generate", typed(name, options));
  if (made.status !== "solved" || !made.text) {
    say(made.error || made.reason || `no puzzle made (${made.status})`, "bad");
    return;
  }
  await load(name, made.text, { generated: made, hash: location.hash,
    params: parseParams(name, options) });
}

async function load(name, text, extra = {}) {
  const params = extra.params || {};
  const seen = await api(name, "view", { text, ...params });
  if (seen.status !== "solved") {
    say(seen.error || seen.reason || "cannot read this puzzle", "bad");
    return;
  }
  leaveTrace();
  const module = await moduleOf(name);
  game = {
    name, module, text: seen.text, board: seen.board, hash: extra.hash || location.hash,
    state: null, history: [], future: [], moves: 0, solved: false, started: Date.now(),
    stopped: null, marks: null, pendingHint: null, info: {}, params,
  };
  game.state = module.init(game.board);
  $("share").href = "#" + new URLSearchParams(extra.generated ? hashParams() :
    { p: name, text: seen.text, ...params });
  showShared(seen.shared);
  $("help").textContent = module.help || "";
  say(extra.generated ? describeGenerated(extra.generated) : "Loaded.");
  if (module.prepare) {  // e.g. a length to reach, for the counter
    const current = game;
    module.prepare(game, api).then(() => { if (game === current) render(); });
  }
  restartTimer();
  render();
}

function showShared(shared) {
  // The puzzle in the format other apps share it in (a Tatham game ID, a puzz.link URL).
  $("shared").hidden = !shared;
  if (!shared) return;
  const link = $("copy-shared");
  link.textContent = `copy ${shared.name}`;
  link.title = shared.text;
  link.href = /^https?:\/\//.test(shared.text) ? shared.text : "#";
  $("shared-text").value = shared.text;
}

async function copyShared(event) {
  event.preventDefault();
  const text = $("shared-text").value;
  try {
    await navigator.clipboard.writeText(text);
    say(`Copied: ${text}`, "good");
  } catch {
    $("shared-text").select();  // no clipboard here (not a secure page): select it instead
    say("Selected: copy it with Ctrl-C.");
  }
}

async function paste(text) {
  // A game ID or link is opened in its own puzzle's tab, whichever tab is shown; any other
  // text is read as the shown puzzle's own text format, with the form's rules.
  const name = hashParams().get("p") || catalogue.puzzles[0];
  const found = await api("any", "view", { text });
  if (found.status === "solved") {
    location.hash = new URLSearchParams({ p: found.puzzle, text: found.text }).toString();
    return;
  }
  if (found.httpStatus !== 404) { say(found.error, "bad"); return; }  // recognised, but broken
  const keep = {};
  for (const [key, value] of Object.entries(formOptions())) {
    if (catalogue.about[name].options.some((o) => o.name === key && o.phase === "parse")) keep[key] = value;
  }
  const own = await api(name, "view", { text, ...typed(name, keep, "parse") });
  if (own.status !== "solved") {
    say(`${found.error}; nor is it a ${label(name)} puzzle: ${own.error}`, "bad");
    return;
  }
  location.hash = new URLSearchParams({ p: name, text, ...keep }).toString();
}

function describeGenerated(made) {
  const first = made.puzzles && made.puzzles[0];
  const rating = first && first.rating ? `, rated ${first.rating}` : "";
  return `New puzzle (seed ${first ? first.seed : "?"}${rating}).`;
}

// -- playing ------------------------------------------------------------------------------

export function play(move) {
  if (!game || watch) return;
  const next = game.module.apply(game.board, game.state, move);
  if (next === null || next === undefined) return;
  game.history.push(game.state);
  game.future = [];
  game.state = next;
  game.moves += 1;
  game.marks = null;
  game.pendingHint = null;
  $("apply-hint").hidden = true;
  afterMove();
}

function afterMove() {
  render();
  if (game.module.complete(game.board, game.state)) verify();
  else if (game.solved) unsolve();
}

async function verify() {
  const name = game.name, state = game.state;
  const verdict = await api(name, "check", { text: game.text, state: game.module.answer(game.board, state) });
  if (game.state !== state) return;  // the player moved on meanwhile
  if (verdict.ok) {
    game.solved = true;
    game.stopped = Date.now();
    say(`Solved in ${clock(game.stopped - game.started)}!`, "good");
  } else {
    unsolve();
  }
  render();
}

function unsolve() {
  game.solved = false;
  game.stopped = null;
}

function undo() {
  if (!game || watch || !game.history.length) return;
  game.future.push(game.state);
  game.state = game.history.pop();
  game.moves = Math.max(0, game.moves - 1);
  game.marks = null;
  afterMove();
}

function redo() {
  if (!game || watch || !game.future.length) return;
  game.history.push(game.state);
  game.state = game.future.pop();
  game.moves += 1;
  game.marks = null;
  afterMove();
}

function restart() {
  if (!game || watch) return;
  game.history.push(game.state);
  game.future = [];
  game.state = game.module.init(game.board);
  game.marks = null;
  game.moves = 0;
  game.started = Date.now();
  unsolve();
  render();
}

async function check() {
  const verdict = await api(game.name, "check", { text: game.text, state: game.module.answer(game.board, game.state) });
  if (verdict.status === "error") { say(verdict.error, "bad"); return; }
  game.marks = { cells: verdict.marks || [], kind: "bad" };
  if (verdict.ok) say("Correct: this is a solution.", "good");
  else if (game.module.complete(game.board, game.state)) say(verdict.violations.join("; "), "bad");
  else say(verdict.violations.length ? "So far: " + verdict.violations.slice(0, 3).join("; ") : "No mistakes so far.", verdict.violations.length ? "bad" : "good");
  render();
}

async function hint() {
  const body = { text: game.text };
  const state = game.module.answer(game.board, game.state);
  if (state.trim()) body.state = state;  // nothing played yet: a hint from the start
  const answer = await api(game.name, "hint", body);
  if (answer.status === "error") { say(answer.error, "bad"); return; }
  say(answer.hint || answer.reason || `no hint (${answer.status})`, answer.status === "solved" ? "" : "bad");
  game.marks = { cells: answer.marks || [], kind: "hint" };
  game.pendingHint = game.module.hintMove ? game.module.hintMove(game.board, game.state, answer) : null;
  $("apply-hint").hidden = !game.pendingHint;
  render();
  if (!game.pendingHint && answer.status === "solved" && !game.solved) verify();  // nothing left to do: solved?
}

async function solve() {
  const answer = await api(game.name, "solve", { text: game.text });
  if (answer.status === "error") { say(answer.error, "bad"); return; }
  if (!answer.answer) { say(`The solver says: ${answer.status}${answer.reason ? " (" + answer.reason + ")" : ""}`, "bad"); return; }
  const state = game.module.fromAnswer(game.board, answer.answer, game.state);
  game.history.push(game.state);
  game.future = [];
  game.state = state;
  game.marks = null;
  say(`Solved by the computer in ${answer.seconds.toFixed(3)} s, ${answer.nodes} nodes.`);
  afterMove();
}

// -- drawing ------------------------------------------------------------------------------

function render() {
  if (!game) return;
  const svg = $("board");
  svg.classList.toggle("solved", game.solved && !watch);
  svg.classList.toggle("tracing", Boolean(watch));
  if (watch) game.module.drawTrace(svg, game.board, watch.trace, watch.index);
  else game.module.draw(svg, game.board, game.state, { marks: game.marks, play, solved: game.solved });
  $("verdict").textContent = game.solved && !watch ? "solved" : "";
  $("verdict").className = game.solved && !watch ? "solved" : "";
  $("counter").textContent = watch ? "" : ((game.module.counter && game.module.counter(game)) || `${game.moves} move${game.moves === 1 ? "" : "s"}`);
  $("undo").disabled = Boolean(watch) || !game.history.length;
  $("redo").disabled = Boolean(watch) || !game.future.length;
  for (const id of ["reset", "check", "hint", "solve"]) $(id).disabled = Boolean(watch);
  showTime();
}

function restartTimer() {
  clearInterval(timerId);
  timerId = setInterval(showTime, 1000);
  showTime();
}

function showTime() {
  if (!game) return;
  $("timer").textContent = clock((game.stopped || Date.now()) - game.started);
}

function clock(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function say(text, kind = "") {
  $("message").textContent = text;
  $("message").className = kind;
}

// -- watching a solver --------------------------------------------------------------------

async function runTrace() {
  const method = $("method").value;
  say(`Running ${method}...`);
  const body = { text: game.text, method };
  if (game.module.traceState) {
    const state = game.module.traceState(game.board, game.state);
    if (state) body.state = state;
  }
  const trace = await api(game.name, "trace", body);
  if (trace.status === "error") { say(trace.error, "bad"); return; }
  watch = { trace, index: 0, timer: null };
  $("apply-hint").hidden = true;
  game.marks = null;
  $("player").hidden = false;
  $("leave").hidden = false;
  $("scrub").max = String(Math.max(trace.steps.length - 1, 0));
  const cut = trace.truncated ? ` (cut at ${trace.steps.length} steps)` : "";
  say(`${method}: ${trace.status} after ${trace.nodes} node${trace.nodes === 1 ? "" : "s"} in ${trace.seconds.toFixed(3)} s${cut}.`);
  showStep(0);
}

function showStep(index) {
  if (!watch) return;
  const steps = watch.trace.steps.length;
  watch.index = Math.max(0, Math.min(index, steps - 1));
  $("scrub").value = String(watch.index);
  const info = game.module.traceInfo(game.board, watch.trace, watch.index);
  $("trace-info").textContent = `step ${watch.index + 1} of ${steps}: ${info.text}`;
  $("trace-detail").innerHTML = info.html || "";
  render();
}

function togglePlay() {
  if (!watch) return;
  if (watch.timer) { stopPlay(); return; }
  if (watch.index >= watch.trace.steps.length - 1) showStep(0);
  $("playpause").textContent = "pause";
  watch.timer = setInterval(() => {
    if (watch.index >= watch.trace.steps.length - 1) { stopPlay(); return; }
    showStep(watch.index + 1);
  }, Math.max(30, 4000 / Math.max(watch.trace.steps.length, 1)));
}

function stopPlay() {
  if (watch && watch.timer) clearInterval(watch.timer);
  if (watch) watch.timer = null;
  $("playpause").textContent = "play";
}

function leaveTrace() {
  stopPlay();
  watch = null;
  $("player").hidden = true;
  $("leave").hidden = true;
  $("trace-info").textContent = "";
  $("trace-detail").innerHTML = "";
  render();
}

// -- wiring -------------------------------------------------------------------------------

function wire() {
  $("generate").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = hashParams().get("p") || catalogue.puzzles[0];
    location.hash = new URLSearchParams({ p: name, ...formOptions() }).toString();
  });
  $("load").addEventListener("click", () => paste($("paste-text").value));
  $("copy-shared").addEventListener("click", copyShared);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("reset").addEventListener("click", restart);
  $("check").addEventListener("click", check);
  $("hint").addEventListener("click", hint);
  $("apply-hint").addEventListener("click", () => { if (game.pendingHint) play(game.pendingHint); });
  $("solve").addEventListener("click", solve);
  $("run").addEventListener("click", runTrace);
  $("leave").addEventListener("click", leaveTrace);
  $("first").addEventListener("click", () => showStep(0));
  $("prev").addEventListener("click", () => showStep(watch.index - 1));
  $("next").addEventListener("click", () => showStep(watch.index + 1));
  $("last").addEventListener("click", () => showStep(watch.trace.steps.length - 1));
  $("playpause").addEventListener("click", togglePlay);
  $("scrub").addEventListener("input", () => { stopPlay(); showStep(Number($("scrub").value)); });
  $("board").addEventListener("contextmenu", (event) => event.preventDefault());
  window.addEventListener("resize", () => render());
  document.addEventListener("keydown", (event) => {
    if (!game || event.target.closest("input, textarea, select")) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") { event.preventDefault(); undo(); return; }
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "y") { event.preventDefault(); redo(); return; }
    if (game.module.key && !watch) {
      if (event.key.startsWith("Arrow")) event.preventDefault();  // the board's cursor, not a scroll
      const move = game.module.key(game.board, game.state, event);
      if (move !== null && move !== undefined) { event.preventDefault(); play(move); }
    }
  });
}

window.puzzlesmith = { get game() { return game; }, get watch() { return watch; }, play };
start();
