// Small DOM helpers shared by the lobby and the match page.

export const byId = (id) => document.getElementById(id);

// A new element: attributes (``text`` sets its text, never markup, so a name or
// a chat line is never read as HTML; ``true`` is a bare attribute; ``null``,
// ``undefined`` and ``false`` leave it out) and children (nodes or strings).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children);
  return node;
}

// Put text on the clipboard. Without the clipboard API (an insecure origin, or
// no permission) copy through a selected, short-lived text area instead.
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = el("textarea", { readonly: true });
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

// A "Copy" button says "Copied" for a moment, so the click is seen to have worked.
export function flashCopied(button) {
  button.textContent = "Copied";
  window.setTimeout(() => { button.textContent = "Copy"; }, 1500);
}
