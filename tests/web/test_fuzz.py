"""Whatever a client sends, the answer is a 4xx with a reason or a success, never a 500,
and a refused move never changes the game."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.conftest import make_client
from tests.web.helpers import auth, create, live_match, tokens_of

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=12,
)
KEYS = st.sampled_from(["game", "players", "options", "seats", "action", "move_number", "kind", "bot", "name"])
BODIES = st.one_of(
    JSON,
    st.dictionaries(KEYS, JSON, max_size=5),
    st.fixed_dictionaries({"game": st.just("webtoy")}, optional={"players": JSON, "options": JSON, "seats": JSON}),
    st.fixed_dictionaries({"action": JSON | st.sampled_from(["bid 1", "draw", "pass"]), "move_number": JSON}),
)
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))


def _app(tmp_path_factory: Any) -> Any:
    from meeple.web.app import create_app

    path = tmp_path_factory.mktemp("fuzz") / "fuzz.db"
    return create_app(f"sqlite:///{path}", bot_mode="thread")


def test_any_body_gets_a_clear_answer_and_refused_moves_change_nothing(tmp_path_factory: Any) -> None:
    with make_client(_app(tmp_path_factory)) as client:
        match = create(client, players=2)
        token = tokens_of(match)[0]

        @FUZZ
        @given(body=BODIES, raw=st.booleans())
        def check(body: Any, raw: bool) -> None:
            state = live_match(client, match["id"]).state
            before = (state.move_number, json.dumps(state.observation(0)), json.dumps(state.observation(1)))
            content = json.dumps(body).encode() if not raw else json.dumps(body).encode()[:-1]
            for path, headers in (
                ("/api/matches", {}),
                (f"/api/matches/{match['id']}/moves", auth(token)),
                ("/api/records", {}),
            ):
                response = client.post(path, content=content, headers=headers)
                assert response.status_code in (200, 201) or 400 <= response.status_code < 500, response.text
                if response.status_code >= 400:
                    assert response.json()["error"]
                    if "moves" in path:
                        after = live_match(client, match["id"]).state
                        assert (
                            after.move_number,
                            json.dumps(after.observation(0)),
                            json.dumps(after.observation(1)),
                        ) == before

        check()


def test_any_view_query_gets_a_clear_answer(tmp_path_factory: Any) -> None:
    with make_client(_app(tmp_path_factory)) as client:
        match = create(client, players=2)
        token = tokens_of(match)[0]

        @FUZZ
        @given(
            query=st.dictionaries(
                st.sampled_from(["at", "seat", "svg", "observation", "x"]),
                st.text(max_size=8) | st.sampled_from(["²", "٣", "0", "1", "-1", "99999999999999999999"]),
            ),
            header=st.sampled_from([None, f"Bearer {token}", "Bearer x", "Basic y", "", "Bearer"]),
        )
        def check(query: dict[str, str], header: str | None) -> None:
            headers = {} if header is None else {"Authorization": header}
            response = client.get(f"/api/matches/{match['id']}", params=query, headers=headers)
            assert response.status_code == 200 or 400 <= response.status_code < 500, response.text
            if response.status_code != 200:
                assert response.json()["error"]

        check()
