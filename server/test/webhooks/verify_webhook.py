# Verifies a Standard Webhooks signature with Python's standard library only (hmac, hashlib, base64).
# The `standardwebhooks` package on PyPI does the same in one call: Webhook(secret).verify(body, headers).
import base64
import hashlib
import hmac
import time

TOLERANCE_SECONDS = 5 * 60


def verify(secret: str, headers: dict, body: bytes) -> bool:
    """True when one of the webhook-signature's v1 signatures is ours and the timestamp is recent."""
    key = base64.b64decode(secret.removeprefix("whsec_"))
    webhook_id = headers["webhook-id"]
    timestamp = headers["webhook-timestamp"]
    if abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
        return False  # an old delivery replayed
    signed = f"{webhook_id}.{timestamp}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    # Several signatures, space-separated, while a secret is being rolled.
    for versioned in headers["webhook-signature"].split(" "):
        version, _, signature = versioned.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return True
    return False


if __name__ == "__main__":
    # The tests pipe in a delivery as {"headers": {...}, "body": "..."}; the secret comes from the environment.
    import json
    import os
    import sys

    delivery = json.load(sys.stdin)
    if not verify(os.environ["WEBHOOK_SECRET"], delivery["headers"], delivery["body"].encode()):
        sys.exit("signature not verified")
    print("verified")
