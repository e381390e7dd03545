// Talking to the server's JSON API.

// Every answer of the API is JSON, errors included; a proxy in between may still
// answer with a page of its own, so a body that is not JSON becomes a plain error.
export async function readAnswer(response) {
  const data = await response.json().catch(() => null);
  if (data === null) return { error: `the server said ${response.status} ${response.statusText}`.trim() };
  return data;
}

// The reason a refused request gives, or a plain one when its answer has none.
export function refusal(response, data) {
  return data.error || `the server said ${response.status}`;
}

// POST a JSON body; the answer's data, or an Error with the server's reason.
export async function postJson(path, body, headers = {}) {
  const response = await fetch(path, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  const data = await readAnswer(response);
  if (!response.ok) throw new Error(refusal(response, data));
  return data;
}
