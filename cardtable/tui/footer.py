"""A footer that fits its line: only keys that can act now, help and quit always shown.

Textual's footer lists every shown binding, dimmed when it cannot act, and cuts the line at
the window's edge, so at 110 columns a table lost "? Rules ^q Quit" behind keys that did
nothing. This one leaves out the keys that cannot act now, keeps the help and quit keys
whatever the width, and when the rest still does not fit drops keys in a given order (the
least needed first, then from the end of the line).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

PINNED = frozenset({"rules", "help", "quit", "quit_picker"})
"""Actions whose keys are always in the footer: how to get help and how to leave."""


def key_width(key: str, description: str, *, compact: bool) -> int:
    """The cells one footer key takes, its margin included.

    >>> key_width("^q", "Quit", compact=True)
    8
    >>> key_width("^q", "Quit", compact=False)
    9
    """
    if compact:  # "^q Quit" and a margin of one
        return len(key) + 1 + len(description) + 1
    return 1 + len(key) + 1 + len(description) + 1  # " ^q Quit "


def fit_keys(keys: Sequence[tuple[str, int]], width: int, drop_first: Sequence[str] = ()) -> list[int]:
    """The indices of ``keys`` ((action, width) each) to show in ``width`` cells: pinned
    actions always, the others dropped (``drop_first`` actions first, in that order, then
    from the end) until the rest fits.

    >>> keys = [("draw", 8), ("sort", 7), ("command", 7), ("rules", 8), ("quit", 7)]
    >>> fit_keys(keys, 40)
    [0, 1, 2, 3, 4]
    >>> fit_keys(keys, 30, drop_first=["command"])
    [0, 1, 3, 4]
    >>> fit_keys(keys, 16)
    [3, 4]
    """
    shown = list(range(len(keys)))
    order = [i for name in drop_first for i, (action, _) in enumerate(keys) if action == name]
    order += [i for i in reversed(shown) if i not in order]
    for i in order:
        if sum(keys[k][1] for k in shown) <= width:
            break
        if keys[i][0] not in PINNED:
            shown.remove(i)
    return shown


class KeysFooter(Footer):
    """The footer of a screen with more keys than room: see the module's docstring.

    ``drop_first``: actions whose keys go first when the line is too short.
    """

    def __init__(
        self, *, drop_first: Iterable[str] = (), compact: bool = True, show_command_palette: bool = False
    ) -> None:
        super().__init__(compact=compact, show_command_palette=show_command_palette)
        self.drop_first = tuple(drop_first)
        self._laid_out_width = 0
        self._update_pending = False

    def _shown_bindings(self) -> list[Binding]:
        """The bindings whose keys the line shows now, in order (see the module's docstring)."""
        actions: dict[str, Binding] = {}
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            # Only keys that can act now; one key per action (the first listed).
            if binding.show and enabled and binding.action not in actions:
                actions[binding.action] = binding
        bindings = list(actions.values())
        keys = [
            (b.action, key_width(self.app.get_key_display(b), b.description, compact=self.compact))
            for b in bindings
        ]
        width = self.size.width or self.app.size.width
        self._laid_out_width = width
        return [bindings[i] for i in fit_keys(keys, width, self.drop_first)]

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        for binding in self._shown_bindings():
            yield self._key(binding)
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            # the palette's key at the right end, as Textual's footer shows it
            found = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _node, binding, _enabled, _tooltip = found
                display = self.app.get_key_display(binding)
                tip = binding.tooltip or binding.description
                yield FooterKey(
                    binding.key,
                    display,
                    binding.description,
                    binding.action,
                    classes="-command-palette",
                    tooltip=tip,
                )

    def _key(self, binding: Binding) -> FooterKey:
        return FooterKey(
            binding.key,
            self.app.get_key_display(binding),
            binding.description,
            binding.action,
            tooltip=binding.tooltip,
        ).data_bind(compact=Footer.compact)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Once per burst of changes (moving the cursor relabels a key: "x Discard 6♦"), and
        in place when only labels changed: Textual's footer built every key again each time,
        three times per cursor move at a table. The update runs next, before the screen's
        next frame: after that frame (call_after_refresh) it took a frame of its own."""
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        if not self._update_pending:
            self._update_pending = True
            self.call_later(self._update_keys)

    async def _update_keys(self) -> None:
        self._update_pending = False
        if not self.is_attached:
            return
        shown = self._shown_bindings()
        every = list(self.query_children(FooterKey))
        if not every:
            # the first keys (and the palette's), built whole after the screen's first frame:
            # built before it, they held it back by a tenth of the picker's start-up
            self.call_after_refresh(self.recompose)
            return
        keys = [k for k in every if not k.has_class("-command-palette")]
        # The keys on the line are relabelled in place, and only the difference in number
        # is mounted or removed: building every key again restyled each one, most of the
        # time a Tab took in the picker's form, where the keys seldom change.
        for binding, key in zip(shown, keys, strict=False):
            display = self.app.get_key_display(binding)
            now = (binding.key, binding.action, display, binding.description)
            if (key.key, key.action, key.key_display, key.description) != now:
                key.key, key.action, key.key_display, key.description = now
                key.tooltip = binding.tooltip or None
                key.refresh(layout=True)
        if len(keys) > len(shown):
            await self.remove_children(keys[len(shown) :])
        elif len(shown) > len(keys):
            await self.mount_all(self._key(b) for b in shown[len(keys) :])

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._laid_out_width:
            self.call_after_refresh(self.recompose)
