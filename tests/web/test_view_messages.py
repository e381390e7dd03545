"""The message a live page is sent: the view, encoded once per change, its log lines once per move."""

from __future__ import annotations

import json
import random
from typing import Any

from tests.web.helpers import auth, create, live_match, tokens_of


def test_a_page_message_is_the_view_with_the_clock_counted_at_sending(client: Any) -> None:
    plain = create(client)
    timed = create(client, clock={"kind": "realtime", "bank": 600, "increment": 5})
    for made in (plain, timed):
        match = live_match(client, made["id"])
        for seat in (None, *tokens_of(made)):
            first = match.view_message(seat, svg=False)
            again = match.view_message(seat, svg=False)
            message = json.loads(first)
            assert message["type"] == "view" and list(message) == ["type", "view"]
            expected = match.view(seat, svg=False)
            if made is timed:
                assert list(message["view"])[-1] == "clock"  # where {**view, "clock": ...} puts it
                sent, shown = message["view"].pop("clock"), expected.pop("clock")
                assert sent["kind"] == "realtime" and sent["now"] >= shown["now"] - 5
                assert [s["seat"] for s in sent["seats"]] == [s["seat"] for s in shown["seats"]] == [0, 1]
                assert json.loads(again)["view"]["clock"]["now"] >= sent["now"]  # counted at each sending
            else:
                assert again is first  # kept until the next change
            assert message["view"] == expected
    match = live_match(client, plain["id"])
    before = match.view_message(0, svg=False)
    match.changed()
    assert match.view_message(0, svg=False) is not before  # built anew after a change


def test_taken_back_moves_leave_no_cached_line_behind(client: Any) -> None:
    made = create(client, "bayon", seats=[{"kind": "human"}, {"kind": "human"}])
    held, match, rng = tokens_of(made), live_match(client, made["id"]), random.Random(4)
    for _ in range(300):
        view = client.get(f"/api/matches/{made['id']}?svg=0", headers=auth(held[0])).json()
        seat = view["to_move"][0]
        view = client.get(f"/api/matches/{made['id']}?svg=0", headers=auth(held[seat])).json()
        for viewer in (None, 0, 1):
            match.view_message(viewer, svg=False)  # every viewer's lines are cached up to here
        if view["undo"] > 0 and len(view["legal"]) > 1:
            break
        response = client.post(
            f"/api/matches/{made['id']}/moves",
            headers=auth(held[seat]),
            json={"action": rng.choice(view["legal"]), "move_number": view["move_number"]},
        )
        assert response.status_code == 200, response.text
    else:
        raise AssertionError("no position allowed an undo")
    count, undone = view["move_number"], view["moves"][-1]["notation"]
    response = client.post(
        f"/api/matches/{made['id']}/undo", headers=auth(held[seat]), json={"moves": 1, "move_number": count}
    )
    assert response.status_code == 200, response.text
    # No page or request looks at the match before the next move.
    other = next(str(a) for a in match.state.legal_actions(seat) if str(a) != undone)
    response = client.post(
        f"/api/matches/{made['id']}/moves", headers=auth(held[seat]), json={"action": other, "move_number": count - 1}
    )
    assert response.status_code == 200, response.text
    for viewer in (None, 0, 1):
        truth = match.log.lines(viewer, 0)  # read anew from the game's log, nothing cached
        sent = json.loads(match.view_message(viewer, svg=False))["view"]
        assert sent["moves"] == truth == match.view(viewer, svg=False)["moves"]
        assert [line["seat"] for line in truth][-1] == seat and truth[-1]["notation"] in (other, None)
