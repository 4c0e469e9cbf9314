"""A loopback Discord stand-in ("twin"): REST + gateway on 127.0.0.1 for end-to-end tests.

A bot reaches it by configuration only: API base `twin.api_base` (…/api/v10) and token
`twin.token`; `GET /gateway/bot` hands out the websocket URL.

REST (v10; every request authenticated, validated against Discord's OpenAPI spec, logged;
`twin.rate_limited()` is what counts against Discord's global rate limit, every request but
the interaction endpoints: the callback and an interaction token's webhook routes):
  GET  /gateway, /gateway/bot, /users/@me, /users/{id}, /oauth2/applications/@me,
       /guilds/{id}/members/{id}
  GET|PUT /applications/{app}/commands, /applications/{app}/guilds/{guild}/commands
  POST /interactions/{id}/{token}/callback   types 4, 5, 6, 7, 8, 9; ?with_response
  GET|PATCH|DELETE /webhooks/{app}/{token}/messages/@original and /messages/{id}
  POST /webhooks/{app}/{token}               follow-ups (ephemeral flag 64; ?wait)
  GET|PATCH /channels/{id}                   (threads: archived, locked, name)
  GET|POST /channels/{id}/messages, GET|PATCH|DELETE /channels/{id}/messages/{id}
       JSON or multipart (payload_json + files[n]); embeds, components, attachments
  POST /channels/{id}/threads, /channels/{id}/messages/{id}/threads
  PUT|DELETE /channels/{id}/thread-members/@me, PUT /channels/{id}/thread-members/{user}
  POST /channels/{id}/typing, POST /users/@me/channels (DMs; 50007 on send if closed)
  GET  /attachments/...                      the "CDN" for attachment bytes
Gateway: HELLO, IDENTIFY (with a shard: one session per shard, each guild's events to
  shard (guild_id >> 22) % count, DMs to shard 0) → READY + GUILD_CREATE, HEARTBEAT/ACK, RESUME with replay
  (RESUMED), INVALID_SESSION, REQUEST_GUILD_MEMBERS → GUILD_MEMBERS_CHUNK; dispatches
  INTERACTION_CREATE, THREAD_CREATE, THREAD_UPDATE, THREAD_DELETE, CHANNEL_UPDATE,
  CHANNEL_DELETE, GUILD_ROLE_UPDATE; zlib-stream transport compression.
Permissions: the bot's, computed as Discord does (roles, channel overwrites, a thread's
  from its parent, implicit ones); a request it lacks one for gets 403 50013 (50001
  without View Channel); `app_permissions` carries them. `twin.deny` / `twin.allow` change
  them, `twin.delete_channel` deletes (404 10003 after).
Faults: 429 (with Discord's headers and retry_after), 5xx, a dropped websocket (resumable
  or not: INVALID_SESSION); a callback later than the 3 s window gets 10062 like Discord's.
  allowed_mentions decide who is notified (`TwinUser.pinged_in`).
Strict (strict.py): Discord's rules beyond its OpenAPI document (5 action rows without the
  components-v2 flag, a select alone in its row, unique option values, max/min_values within
  the options, button labels and custom_ids, 10 files, a 10 MiB upload limit (413), 6,000
  embed characters, lowercase command names); enforce_nonce; interaction tokens expire
  after 15 minutes (401 50027) on a clock `twin.advance` moves.
Routes it does not serve get Discord's JSON 404/405 and are recorded in
  `twin.unimplemented`. Not implemented: reactions, the pin list, role editing, checks of humans'
  permissions, voice, MESSAGE_CREATE dispatch, presence, message history
  pagination, polls, stickers.
  ROUTES.md lists what is and is not implemented in detail.
"""

from .api import Twin, TwinGuild, TwinInteraction, TwinUsageError, TwinUser, discord_py_pointed_at

__all__ = [
    "Twin",
    "TwinGuild",
    "TwinInteraction",
    "TwinUsageError",
    "TwinUser",
    "discord_py_pointed_at",
]
