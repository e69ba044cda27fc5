"""Form pieces every feature's forms use: a radio group whose refusal reads like a sentence."""
from __future__ import annotations

from wtforms import RadioField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import ValidationError


class Choice(RadioField):
    """A radio group whose refusal reads like a sentence; `options` are its (value, words) pairs."""

    def __init__(self, label=None, validators=None, *, options=(), message="Please choose one.", **kwargs):
        super().__init__(label, validators, choices=[SelectChoice(v, w) for v, w in options], **kwargs)
        self.options = list(options)
        self.message = message

    def pre_validate(self, form):
        if self.data not in {value for value, _ in self.options}:
            raise ValidationError(self.message)
