<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>PolicyText</name>
    <message>
        <source>0 s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 d</source>
        <extracomment>duration parts: days, hours, minutes, seconds</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>skip</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>stop</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no outcome</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>wait up to %1</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n retries from %1</source>
        <translation>
            <numerusform>%n retry from %1</numerusform><numerusform>%n retries from %1</numerusform></translation>
    </message>
    <message>
        <source>stop immediately</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>skip immediately</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>no outcome set</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1, then %2</source>
        <extracomment>%1: what is tried, %2: skip or stop</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Transient: %1 · Hard: %2</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>No retries: the first failure goes straight to the outcome.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Retries after %1, then %2.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>%n retries: %1 attempts in all, up to %2 of waiting.</source>
        <translation>
            <numerusform>%n retry: %1 attempts in all, up to %2 of waiting.</numerusform><numerusform>%n retries: %1 attempts in all, up to %2 of waiting.</numerusform></translation>
    </message>
    <message>
        <source>Delays stop growing at the %1 cap.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Transient errors</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Hard errors</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unclassified errors</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The provider, the network or the model is briefly unable to serve. These usually clear on their own within seconds or minutes.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The account, subscription, quota, credentials, configuration or model needs a long reset or a person. Retrying soon rarely helps; a trusted reset time can.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Anything the catalogue does not know. It always stops automatic recovery.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>For example: %1.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>; </source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>network unavailable</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>provider unavailable (5xx)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>provider overloaded (529)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>model at capacity</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>short rate limit (429)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>agent connection lost</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>sign-in required</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>missing API key</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>subscription or billing required</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>quota or spend limit reached</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>model not available</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>provider not configured</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>unknown provider error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>agent runtime error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>task error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>repository error</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>permission denied by the user</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>corrupted resume state</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Must be between %1 and %2 (found %3).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Must be 0 while this section is off (found %1).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Choose what happens when recovery is exhausted.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Unsupported policy version %1; this editor supports %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>A dynamic profile needs at least one candidate.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Candidate %1 carries position %2; positions are renumbered on save.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The candidate does not name an agent profile.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>The candidate has both policies and legacy rules.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Wait %1 for the provider's reset, then try this candidate once more; if that fails too: %2.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Retry %1 of this candidate after %2; when retries run out: %3.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Skip to the next candidate now.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stop for manual recovery: the error is unclassified, and unknown errors always stop.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stop for manual recovery.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>model::CandidateListModel</name>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n problem</numerusform><numerusform>%n problems</numerusform></translation>
    </message>
    <message>
        <source>Stale: profile not found</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Stale: profile deleted</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ineligible: profile disabled</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ineligible: auto fallback</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ineligible: dynamic profile</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Ineligible: references itself</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Agent profile: %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Enabled</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Disabled</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Legacy rules</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Position %1 in the route</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Candidate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Policies</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>model::Commands</name>
    <message>
        <source>Enable %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Disable %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Move %1 up</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Move %1 down</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Add %1</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Remove %1</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>model::EditorDocument</name>
    <message>
        <source>Untitled</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>%1 is open read-only: %2</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <source>The document has %n problem(s); fix them before saving.</source>
        <translation>
            <numerusform>The document has %n problem; fix them before saving.</numerusform><numerusform>The document has %n problems; fix them before saving.</numerusform></translation>
    </message>
    <message>
        <source>%1 holds no dynamic profile to edit.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>model::ProfileListModel</name>
    <message numerus="yes">
        <source>%1 — %n candidate(s)</source>
        <translation>
            <numerusform>%1 — %n candidate</numerusform><numerusform>%1 — %n candidates</numerusform></translation>
    </message>
</context>
<context>
    <name>model::ValidationModel</name>
    <message>
        <source>Problem</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Candidate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <source>Field</source>
        <translation type="unfinished" />
    </message>
</context>
</TS>