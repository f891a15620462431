"""English stop words for the word cloud (only words of 4+ letters matter, since shorter
words are dropped anyway). Why hand-written: no I/O and no NLP dependency in the domain;
the list adds conversational fillers common in focus-group answers ("really", "think")."""

from __future__ import annotations

STOP_WORDS: frozenset[str] = frozenset((
    "about", "above", "after", "again", "against", "also", "although", "always", "among",
    "another", "anyone", "anything", "anyway", "around", "away", "back", "because", "been",
    "before", "being", "below", "besides", "between", "beyond", "both", "cannot", "could",
    "couldn't", "didn't", "does", "doesn't", "doing", "done", "don't", "down", "during", "each",
    "either", "else", "enough", "even", "ever", "every", "everyone", "everything", "from",
    "further", "gets", "getting", "give", "given", "goes", "going", "gonna", "gotta", "hadn't",
    "hasn't", "have", "haven't", "having", "he'll", "here", "here's", "hers", "herself",
    "himself", "into", "isn't", "itself", "just", "kind", "know", "like", "likely", "look",
    "lots", "made", "make", "makes", "many", "maybe", "might", "mine", "more", "most", "much",
    "must", "myself", "need", "needs", "neither", "none", "nothing", "often", "once", "only",
    "onto", "other", "others", "ought", "ours", "ourselves", "over", "perhaps", "please",
    "pretty", "quite", "rather", "really", "said", "same", "says", "seem", "seems", "shall",
    "shan't", "she'd", "she'll", "she's", "should", "shouldn't", "since", "some", "someone",
    "something", "sometimes", "somewhat", "sort", "still", "such", "sure", "take", "than",
    "that", "that's", "their", "theirs", "them", "themselves", "then", "there", "there's",
    "these", "they", "they'd", "they'll", "they're", "they've", "thing", "things", "think",
    "this", "those", "though", "through", "thus", "till", "together", "toward", "towards",
    "under", "unless", "until", "upon", "usually", "very", "want", "wants", "wasn't", "well",
    "we'll", "we're", "were", "weren't", "we've", "what", "what's", "whatever", "when",
    "whenever", "where", "where's", "whether", "which", "while", "who's", "whom", "whose",
    "will", "with", "within", "without", "won't", "would", "wouldn't", "yeah", "your", "you'd",
    "you'll", "you're", "yours", "yourself", "yourselves", "you've", "actually", "basically",
    "definitely", "honestly", "literally", "probably", "certainly", "especially", "anyways",
    "okay", "mean", "means", "thats", "dont", "doesnt", "didnt", "cant", "wont", "isnt",
    "arent", "wasnt", "able",
))
