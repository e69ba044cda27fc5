"""A real SMTP server for the mail tests (aiosmtpd), started by the suite itself on a free port of this machine."""
from __future__ import annotations

import socket
from email import message_from_bytes, policy

from aiosmtpd.controller import Controller


class Mailbox:
    """What the server received, and how many messages it should refuse first (451: try again later)."""

    def __init__(self, refuse_first: int = 0, refuse_for_good: tuple[str, ...] = ()):
        self.messages, self.refuse_first, self.refuse_for_good = [], refuse_first, refuse_for_good

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refuse_for_good:
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.refuse_first > 0:
            self.refuse_first -= 1
            return "451 4.3.0 Mail server busy, try again later"
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list:
        """The messages sent to this address."""
        return [m for m in self.messages if m["To"] == address]


def free_port() -> int:
    """A port no one listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(mailbox: Mailbox) -> Controller:
    """An SMTP server on 127.0.0.1 delivering into the mailbox (stop it with .stop())."""
    controller = Controller(mailbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    return controller


def serving(mailbox: Mailbox):
    """A fixture's body: the mailbox's server running until the test ends."""
    controller = start_server(mailbox)
    yield controller
    controller.stop()


def text_of(message) -> str:
    """The plain text part of a received email."""
    return message.get_body(preferencelist=("plain",)).get_content()


def html_of(message) -> str:
    """The HTML part of a received email."""
    return message.get_body(preferencelist=("html",)).get_content()
