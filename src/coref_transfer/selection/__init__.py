"""Stage β: choosing the utterances, mentions and clusters worth transferring."""
