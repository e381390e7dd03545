// Turn notices: the tab's title and icon say when one of this page's seats is
// to act; when that starts, an optional sound plays and, if the tab is hidden
// and the player allowed it, the browser shows a notification.
// document.body.dataset counts beeps and notifications, for the browser tests.
import { byId } from "./dom.js";

const SOUND = "meeple.sound"; // localStorage: "on" or "off", the player's choice for every page
let audio = null; // one AudioContext per page, made at the first beep (browsers limit their number)

function bump(counter) {
  document.body.dataset[counter] = String(Number(document.body.dataset[counter] || "0") + 1);
}

export function soundOn() {
  return window.localStorage.getItem(SOUND) === "on";
}

export function showSound() {
  const on = soundOn();
  byId("sound-toggle").textContent = on ? "Sound: on" : "Sound: off";
  byId("sound-toggle").setAttribute("aria-pressed", on ? "true" : "false");
}

export function toggleSound() {
  window.localStorage.setItem(SOUND, soundOn() ? "off" : "on");
  showSound();
  if (soundOn()) beep(); // let the player hear it (and the browser allow audio after this click)
}

// A short falling tone.
function beep() {
  try {
    audio = audio || new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
    bump("beeps");
  } catch {
    // No audio here: the title and icon still say it.
  }
}

// The "Notify me" button: hidden once the player said no, disabled once yes.
export function showNotifyButton() {
  const button = byId("notify-toggle");
  if (!("Notification" in window)) return;
  const state = Notification.permission;
  button.hidden = state === "denied";
  button.disabled = state === "granted";
  button.textContent = state === "granted" ? "Notifications on" : "Notify me";
}

export async function askToNotify() {
  if ("Notification" in window) await Notification.requestPermission();
  showNotifyButton();
}

// Say whether it is the page's turn (``now``); ``wasTurn`` is what was said
// before (null: nothing yet, so a page opened on one's turn makes no sound).
// Returns ``now``, to be passed back as ``wasTurn`` next time.
export function noticeTurn(now, wasTurn, title, matchId) {
  document.title = `${now ? "● Your turn — " : ""}${title} — meeple`;
  byId("favicon").href = now ? "/static/favicon-turn.svg" : "/static/favicon.svg";
  if (!now || wasTurn !== false) return now;
  bump("turnNotices");
  if (soundOn()) beep();
  if (document.visibilityState === "hidden" && "Notification" in window && Notification.permission === "granted") {
    try {
      new Notification(`Your turn — ${title}`, { body: "meeple: it is your move", tag: `meeple-${matchId}` });
      bump("notified");
    } catch {
      // Some browsers allow notifications only from a service worker: the title still says it.
    }
  }
  return now;
}
