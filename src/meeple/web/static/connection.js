// The match page's live connections, and the one place that keeps them open.
//
// The server sends a seat's views on /api/matches/<id>/live, one seat (token)
// per socket, and the chat on /api/matches/<id>/chat/live. So a page holds
// one view socket (its seat's, or a spectator's) plus the chat's when it shows
// a chat; only pass and play, where one screen holds several seats' tokens,
// opens one view socket per seat (and has no chat). The board, the table
// panel and the turn notices all read the views of the same sockets.

const FIRST_RETRY_MS = 250; // doubled after each failed try...
const LONGEST_RETRY_MS = 4000; // ...up to this: a restarted server is found within seconds
const HELLO_TIMEOUT = 4408; // the server's close code for a hello that came too late: try again

function socketUrl(path) {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}${path}`;
}

// The server closes with 4000 + an HTTP status; a 4xx means this page is not
// allowed there (a wrong token, a chat closed to spectators), and asking again
// would get the same answer. Anything else (a restart, a network drop, the
// database down: 1011) is worth another try.
function isRefusal(code) {
  return code >= 4400 && code < 4500 && code !== HELLO_TIMEOUT;
}

// Open ``path``, send ``hello`` (who this page is) on every (re)connection, and
// hand each JSON message to ``onMessage``; when the socket closes, open it again
// after a pause that grows with each failure, unless the server refused the page.
// ``onOpen`` and ``onLost`` let the page say whether it is connected.
export function keepOpen(path, { hello, onMessage, onOpen = () => {}, onLost = () => {} }) {
  let failures = 0;
  function open() {
    const socket = new WebSocket(socketUrl(path));
    let refused = false;
    socket.addEventListener("open", () => {
      failures = 0;
      socket.send(JSON.stringify(hello));
      onOpen();
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      // An error below 500 is a refusal (the close that follows may lose its code);
      // a server-side failure (the database down) is retried.
      if (message.type === "error") refused = message.status < 500;
      onMessage(message);
    });
    socket.addEventListener("close", (event) => {
      if (refused || isRefusal(event.code)) return;
      onLost();
      const pause = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
      failures += 1;
      window.setTimeout(open, pause);
    });
  }
  open();
}

const matchPath = (matchId) => `/api/matches/${encodeURIComponent(matchId)}`;

// The match's live views: one socket per held seat token, or a spectator's when
// the page holds none. ``onView(token, view)`` gets every view, ``onError(text)``
// the server's refusals, ``onConnected(bool)`` each connection's ups and downs.
export function listenToMatch(matchId, tokens, { onView, onError, onConnected }) {
  for (const token of tokens.length ? tokens : [null]) {
    keepOpen(`${matchPath(matchId)}/live`, {
      hello: { token, svg: true },
      onMessage: (message) => {
        if (message.type === "error") onError(message.error);
        else if (message.type === "view") onView(token, message.view);
      },
      onOpen: () => onConnected(true),
      onLost: () => onConnected(false),
    });
  }
}

// The match's chat: ``onLines(lines)`` gets the lines so far, then each new one.
// The chat has its own endpoint on the server, hence its own socket.
export function listenToChat(matchId, token, onLines) {
  keepOpen(`${matchPath(matchId)}/chat/live`, {
    hello: { token },
    onMessage: (message) => {
      if (message.type === "chat") onLines(message.messages);
    },
  });
}
