// The interface's own words in Spanish and English; game texts come translated from the server.
const WORDS = {
  es: {
    lobby: "Sala", new_game: "Nueva partida", game: "Juego", options: "Opciones", seats: "Asientos",
    create: "Crear partida", open: "Abiertas", running: "En juego", finished: "Terminadas",
    none: "Ninguna.", me: "Yo (en esta pantalla)", human: "Persona invitada (enlace)", ai: "IA",
    play: "Jugar", watch: "Mirar", replay: "Repetición", moves: "jugadas", invitations: "Invitaciones",
    invite_help: "Envía a cada persona su enlace; quien lo abre ocupa ese asiento.",
    your_link: "Tu enlace (guárdalo para volver a la partida)", seed: "Semilla (opcional)",
    upload: "Ver un registro", upload_help: "Sube un registro JSON para verlo paso a paso.", choose_record: "Elegir un registro…",
    board_scroll: "↔ El tablero es más ancho que la pantalla: desplázalo a los lados para verlo entero.",
    prompt_wait: "Esperando a {role}…", prompt_wait_ai: "Esperando a {role} (IA), que piensa…", prompt_doing_ai: "{role} (IA): {doing}…", spectator: "Espectador", you_are: "Juegas como", undo: "Deshacer",
    log: "Registro", move_list: "Jugadas", chose: "eligió", chance: "azar", result: "Resultado",
    download: "Descargar el registro", rules: "Reglas", connected: "conectado", disconnected: "desconectado — reconectando…",
    board_data: "Datos del tablero", first: "Inicio", prev: "Anterior", next: "Siguiente", last: "Final",
    step: "Jugada", of: "de", language: "English", game_over: "Partida terminada",
    copy: "Copiar", my_games: "Mis partidas", seats_taken: "asientos ocupados",
    hint: "Pista", hint_thinking: "La IA busca una jugada…",
    hint_weighed: "La búsqueda (ismcts, nivel normal) sopesó {n} continuaciones; las jugadas más visitadas:",
    hint_plans_weighed: "La búsqueda (ismcts, nivel normal) jugó {n} veces los planes hasta el final; los más jugados:", hint_plan: "Plan",
    hint_move: "Jugada", hint_visits: "Visitas", hint_chance: "% victoria (est.)", hint_percent: "{n}\u00a0%",
    turn_of: "Turno de {role}:", undo_nothing: "Nada que deshacer todavía.",
    undo_chance: "No se puede deshacer: lo último fue un resultado del azar, que no se repite.",
    undo_reveal: "No se puede deshacer: lo último reveló información oculta.",
    undo_other: "No se puede deshacer: lo último fue la jugada de otro jugador.",
    table_chance: "Dados y cartas de la mesa",
    table_chance_help: "Juegas con la caja: tiras tus dados y robas tus cartas, y dices aquí qué ha salido.",
    table_ask: "En la mesa: ¿qué ha salido?", table_wait: "Esperando a que {role} diga qué ha salido en la mesa…",
    table_type: "Número o nombre", table_say: "Decir",
    table_told: "Anotado: {number} · {label} ({notation}). ¿No es lo que salió? Deshacer, antes de que pase nada más.",
    readings: "Lecturas de las reglas y variantes (por defecto, lo que dice el reglamento)", copied: "Copiado", only_choice: "Única opción, jugada sola: {label}",
    level_easy: "Fácil — piensa hasta 1 s por jugada; para aprender",
    level_normal: "Normal — hasta 3 s por jugada; un rival razonable",
    level_hard: "Difícil — hasta 10 s por jugada; el rival más fuerte",
    level_random: "Al azar — cualquier jugada legal; para probar",
    level_actions: "Normal sin planes — busca jugada a jugada, como antes de los planes; para comparar",
    level_other: "{name} — otro jugador automático de este juego",
    level_spec: "Experto — escribe la especificación del agente",
  },
  en: {
    lobby: "Lobby", new_game: "New game", game: "Game", options: "Options", seats: "Seats",
    create: "Create game", open: "Open", running: "Running", finished: "Finished",
    none: "None.", me: "Me (at this screen)", human: "Invited person (link)", ai: "AI",
    play: "Play", watch: "Watch", replay: "Replay", moves: "moves", invitations: "Invitations",
    invite_help: "Send each person their link; whoever opens it takes that seat.",
    your_link: "Your link (keep it to come back to the game)", seed: "Seed (optional)",
    upload: "View a record", upload_help: "Upload a JSON record to step through it.", choose_record: "Choose a record…",
    board_scroll: "↔ The board is wider than the screen: scroll it sideways to see all of it.",
    prompt_wait: "Waiting for {role}…", prompt_wait_ai: "Waiting for {role} (AI), who is thinking…", prompt_doing_ai: "{role} (AI): {doing}…", spectator: "Spectator", you_are: "You play", undo: "Undo",
    log: "Log", move_list: "Moves", chose: "chose", chance: "chance", result: "Result",
    download: "Download the record", rules: "Rules", connected: "connected", disconnected: "disconnected — reconnecting…",
    board_data: "Board data", first: "Start", prev: "Previous", next: "Next", last: "End",
    step: "Move", of: "of", language: "Español", game_over: "Game over",
    copy: "Copy", my_games: "My games", seats_taken: "seats taken",
    hint: "Hint", hint_thinking: "The AI is looking for a move…",
    hint_weighed: "The search (ismcts, normal level) weighed {n} continuations; the most visited moves:",
    hint_plans_weighed: "The search (ismcts, normal level) played the plans through {n} times; the most played:", hint_plan: "Plan",
    hint_move: "Move", hint_visits: "Visits", hint_chance: "Win % (est.)", hint_percent: "{n}%",
    turn_of: "{role} to play:", undo_nothing: "Nothing to undo yet.",
    undo_chance: "Cannot undo: a chance outcome came last, and it is not drawn again.",
    undo_reveal: "Cannot undo: the last move revealed hidden information.",
    undo_other: "Cannot undo: another player's move came last.",
    table_chance: "Dice and cards from the table",
    table_chance_help: "You play with the box: roll your dice, draw your cards, and tell here what came up.",
    table_ask: "At the table: what came up?", table_wait: "Waiting for {role} to tell what came up at the table…",
    table_type: "Number or name", table_say: "Tell",
    table_told: "Recorded: {number} · {label} ({notation}). Not what came up? Undo, before anything else happens.",
    readings: "Rule readings and variants (the defaults follow the rulebook)", copied: "Copied", only_choice: "The only choice, played for you: {label}",
    level_easy: "Easy — thinks up to 1 s a move; to learn",
    level_normal: "Normal — up to 3 s a move; a fair opponent",
    level_hard: "Hard — up to 10 s a move; the strongest opponent",
    level_random: "Random — any legal move; for testing",
    level_actions: "Normal without plans — searches move by move, as before plans; to compare",
    level_other: "{name} — another automatic player of this game",
    level_spec: "Expert — write the agent's spec",
  },
};

const known = (value) => (value in WORDS ? value : null);
const params = new URLSearchParams(location.search);
/** The page's language: the address's, else the last one chosen, else Spanish; only a language we have. */
export const lang = known(params.get("lang")) || known(localStorage.getItem("ludoteca.lang")) || "es";
localStorage.setItem("ludoteca.lang", lang);

/**
 * `template` with its `{name}` fields filled from `params`, as the server's catalog fills them
 * (core/i18n.py): `{n:one|other}` is the form that agrees with the count `n` (the first when it is 1),
 * `#` standing for the number; `{name:form}` is the parameter as given (the server resolves named forms).
 */
export function fill(template, params = {}) {
  return template.replace(/\{(\w+)(?::([^{}]*))?\}/g, (field, name, spec) => {
    if (!(name in params)) return field;
    const value = params[name];
    if (spec !== undefined && spec.includes("|")) {
      const [one, other] = spec.split("|");
      return (Math.abs(Number(value)) === 1 ? one : other).replaceAll("#", String(value));
    }
    return String(value);
  });
}

export function t(key, params = {}) {
  return fill((WORDS[lang] || WORDS.es)[key] ?? key, params);
}

/** A link to switch language, keeping the rest of the address. */
export function languageLink() {
  const other = lang === "es" ? "en" : "es";
  const next = new URLSearchParams(location.search);
  next.set("lang", other);
  const a = document.createElement("a");
  a.href = `${location.pathname}?${next}${location.hash}`;
  a.textContent = t("language");
  a.className = "lang";
  return a;
}
