<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ChangeReview</name>
    <message>
        <source>Written to the database, all in one transaction:</source>
        <translation>In die Datenbank geschrieben, alles in einer Transaktion:</translation>
    </message>
    <message>
        <source>route (%1): %2</source>
        <extracomment>%1: the scenario the Timeline shows, %2: what the edit does to the route in it</extracomment>
        <translation>Route (%1): %2</translation>
    </message>
</context>
<context>
    <name>DatabaseWrites</name>
    <message>
        <source>profile %1</source>
        <translation>Profil %1</translation>
    </message>
    <message>
        <source>profile %1 (%2)</source>
        <translation>Profil %1 (%2)</translation>
    </message>
    <message>
        <source>version %1 becomes %2</source>
        <translation>Version %1 wird zu %2</translation>
    </message>
    <message>
        <source>written as a new profile</source>
        <translation>als neues Profil geschrieben</translation>
    </message>
    <message>
        <source>this kandev keeps no route state</source>
        <translation>dieses kandev speichert keinen Routenzustand</translation>
    </message>
    <message>
        <source>the routes running now could not be read (%1)</source>
        <translation>die laufenden Routen konnten nicht gelesen werden (%1)</translation>
    </message>
    <message>
        <source>no route is running under it</source>
        <translation>keine Route läuft darunter</translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running, none waiting for a deadline: each meets the new policy at its next failure</source>
        <translation>
            <numerusform>%n Route läuft, keine wartet auf eine Frist: für sie gilt bei ihrem nächsten Fehlschlag die neue Richtlinie</numerusform>
            <numerusform>%n Routen laufen, keine wartet auf eine Frist: für jede gilt bei ihrem nächsten Fehlschlag die neue Richtlinie</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running</source>
        <translation>
            <numerusform>%n Route läuft</numerusform>
            <numerusform>%n Routen laufen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n waiting under the old policy: their scheduled deadlines stay, their next failure uses the new one</source>
        <translation>
            <numerusform>%n wartet unter der alten Richtlinie: ihre geplante Frist bleibt, für ihren nächsten Fehlschlag gilt die neue</numerusform>
            <numerusform>%n warten unter der alten Richtlinie: ihre geplanten Fristen bleiben, für ihren jeweils nächsten Fehlschlag gilt die neue</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2; %3.</source>
        <translation>%1: %2; %3.</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>clauses</comment>
        <extracomment>two clauses of one sentence: &quot;3 routes running, 1 waiting under the old policy: ...&quot;</extracomment>
        <translation>%1, %2</translation>
    </message>
</context>
<context>
    <name>DiffText</name>
    <message>
        <source>no differences</source>
        <translation>keine Unterschiede</translation>
    </message>
    <message>
        <source>(document)</source>
        <translation>(Dokument)</translation>
    </message>
    <message>
        <source>profile %1 added:</source>
        <translation>Profil %1 hinzugefügt:</translation>
    </message>
    <message>
        <source>profile %1 (%2) added:</source>
        <translation>Profil %1 (%2) hinzugefügt:</translation>
    </message>
    <message>
        <source>profile %1 removed:</source>
        <translation>Profil %1 entfernt:</translation>
    </message>
    <message>
        <source>profile %1 (%2) removed:</source>
        <translation>Profil %1 (%2) entfernt:</translation>
    </message>
    <message>
        <source>profile %1:</source>
        <translation>Profil %1:</translation>
    </message>
    <message>
        <source>profile %1 (%2):</source>
        <translation>Profil %1 (%2):</translation>
    </message>
    <message>
        <source>name &quot;%1&quot; -&gt; &quot;%2&quot;</source>
        <translation>Name „%1“ -&gt; „%2“</translation>
    </message>
    <message>
        <source>candidate %1 added at %2</source>
        <translation>Kandidat %1 an Position %2 hinzugefügt</translation>
    </message>
    <message>
        <source>candidate %1 removed from %2</source>
        <translation>Kandidat %1 von Position %2 entfernt</translation>
    </message>
    <message>
        <source>candidate %1 moved from %2 to %3</source>
        <translation>Kandidat %1 von Position %2 nach %3 verschoben</translation>
    </message>
    <message>
        <source>candidate %1</source>
        <translation>Kandidat %1</translation>
    </message>
    <message>
        <source>cannot compare: %1</source>
        <translation>nicht vergleichbar: %1</translation>
    </message>
    <message>
        <source>profile enabled (was disabled)</source>
        <translation>Profil aktiviert (war deaktiviert)</translation>
    </message>
    <message>
        <source>profile disabled (was enabled): kandev no longer offers it for new tasks</source>
        <translation>Profil deaktiviert (war aktiviert): kandev bietet es für neue Aufgaben nicht mehr an</translation>
    </message>
    <message>
        <source>true</source>
        <comment>a switch&apos;s value: on</comment>
        <translation>an</translation>
    </message>
    <message>
        <source>false</source>
        <comment>a switch&apos;s value: off</comment>
        <translation>aus</translation>
    </message>
</context>
<context>
    <name>ErrorTrial</name>
    <message>
        <source>Paste an error to see how it is classified.</source>
        <translation>Fügen Sie einen Fehler ein, um zu sehen, wie er eingestuft wird.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br/&gt;%3 · rule &lt;code&gt;%4&lt;/code&gt; · %5 · confidence %6 · scope %7</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br/&gt;%3 · Regel &lt;code&gt;%4&lt;/code&gt; · %5 · Konfidenz %6 · Geltungsbereich %7</translation>
    </message>
    <message>
        <source>kandev&apos;s own rules say &lt;code&gt;%1&lt;/code&gt; here; this catalogue differs on purpose (see the README).</source>
        <translation>kandevs eigene Regeln ergeben hier &lt;code&gt;%1&lt;/code&gt;; dieser Katalog weicht absichtlich ab (siehe README).</translation>
    </message>
    <message>
        <source>“%1” (%2)</source>
        <translation>„%1“ (%2)</translation>
    </message>
    <message>
        <source>Reset hint from %1: in %2 (trusted)</source>
        <translation>Rücksetzhinweis aus %1: in %2 (verlässlich)</translation>
    </message>
    <message>
        <source>Reset hint from %1: not trusted (%2)</source>
        <translation>Rücksetzhinweis aus %1: nicht verlässlich (%2)</translation>
    </message>
    <message>
        <source>No reset hint.</source>
        <translation>Kein Rücksetzhinweis.</translation>
    </message>
    <message>
        <source>Only the first 16 KiB and 64 headers were read.</source>
        <translation>Nur die ersten 16 KiB und 64 Header wurden gelesen.</translation>
    </message>
    <message>
        <source>Select a candidate to see its decision.</source>
        <translation>Wählen Sie einen Kandidaten, um seine Entscheidung zu sehen.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>The pasted error, every attempt</source>
        <translation>Der eingefügte Fehler, bei jedem Versuch</translation>
    </message>
</context>
<context>
    <name>FileText</name>
    <message>
        <source>a directory</source>
        <translation>ein Verzeichnis</translation>
    </message>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation>ein FIFO (benannte Pipe)</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>ein zeichenorientiertes Gerät</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>ein blockorientiertes Gerät</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>ein Socket</translation>
    </message>
    <message>
        <source>a symbolic link</source>
        <translation>eine symbolische Verknüpfung</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>keine reguläre Datei</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1: Die Datei gibt es nicht</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>%2: the operating system&apos;s reason, as it gave it</extracomment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: is %2, not a regular file; documents are read only from regular files</source>
        <translation>%1: ist %2, keine reguläre Datei; Dokumente werden nur aus regulären Dateien gelesen</translation>
    </message>
    <message>
        <source>%1: the file is %2; documents are limited to %3</source>
        <translation>%1: Die Datei ist %2 groß; Dokumente dürfen höchstens %3 groß sein</translation>
    </message>
    <message>
        <source>%1: no space left on the device that holds it; nothing was written</source>
        <translation>%1: Auf dem Gerät ist kein Platz mehr frei; es wurde nichts geschrieben</translation>
    </message>
    <message>
        <source>%1: the disk quota is exhausted; nothing was written</source>
        <translation>%1: Das Speicherkontingent ist erschöpft; es wurde nichts geschrieben</translation>
    </message>
    <message>
        <source>%1: permission denied; nothing was written</source>
        <translation>%1: Zugriff verweigert; es wurde nichts geschrieben</translation>
    </message>
    <message>
        <source>%1: the file system is read-only; nothing was written</source>
        <translation>%1: Das Dateisystem ist schreibgeschützt; es wurde nichts geschrieben</translation>
    </message>
    <message>
        <source>%1: %2; nothing was written</source>
        <translation>%1: %2; es wurde nichts geschrieben</translation>
    </message>
</context>
<context>
    <name>KandevText</name>
    <message>
        <source>%1: backup failed, nothing was written: %2</source>
        <translation>%1: Sicherung fehlgeschlagen, es wurde nichts geschrieben: %2</translation>
    </message>
    <message>
        <source>%1: backup to %2 failed, nothing was written: %3</source>
        <translation>%1: Sicherung nach %2 fehlgeschlagen, es wurde nichts geschrieben: %3</translation>
    </message>
    <message>
        <source>backup failed, nothing was written: %1</source>
        <translation>Sicherung fehlgeschlagen, es wurde nichts geschrieben: %1</translation>
    </message>
    <message>
        <source>%1: no such database file</source>
        <translation>%1: Diese Datenbankdatei gibt es nicht</translation>
    </message>
    <message>
        <source>not a PostgreSQL URL (postgres://user:password@host:port/database)</source>
        <translation>keine PostgreSQL-URL (postgres://Benutzer:Passwort@Host:Port/Datenbank)</translation>
    </message>
    <message>
        <source>no database given</source>
        <translation>keine Datenbank angegeben</translation>
    </message>
    <message>
        <source>KANDEV_DATABASE_PATH is not set</source>
        <translation>KANDEV_DATABASE_PATH ist nicht gesetzt</translation>
    </message>
    <message>
        <source>KANDEV_DATABASE_DRIVER must be sqlite or postgres, not &apos;%1&apos;</source>
        <translation>KANDEV_DATABASE_DRIVER muss sqlite oder postgres sein, nicht „%1“</translation>
    </message>
    <message>
        <source>KANDEV_DATABASE_PORT must be a port number from 1 to 65535, not &apos;%1&apos;</source>
        <translation>KANDEV_DATABASE_PORT muss eine Portnummer von 1 bis 65535 sein, nicht „%1“</translation>
    </message>
    <message>
        <source>%1 (reading the live routes)</source>
        <translation>%1 (beim Lesen der laufenden Routen)</translation>
    </message>
    <message>
        <source>%1 is not a kandev database: it has no %2 table (kandev&apos;s are agents, agent_profiles, dynamic_agent_profiles and dynamic_agent_routes)</source>
        <translation>%1 ist keine kandev-Datenbank: Die Tabelle %2 fehlt (kandevs Tabellen sind agents, agent_profiles, dynamic_agent_profiles und dynamic_agent_routes)</translation>
    </message>
    <message>
        <source>%1: %2 (did kandev&apos;s tables change since they were read?); nothing was written</source>
        <translation>%1: %2 (haben sich kandevs Tabellen seit dem Lesen geändert?); es wurde nichts geschrieben</translation>
    </message>
    <message>
        <source>%1: %2; nothing was written</source>
        <translation>%1: %2; es wurde nichts geschrieben</translation>
    </message>
    <message>
        <source>profile &quot;%1&quot;: its agent profile row was changed or deleted in the database since it was read; nothing was written, reload and review again</source>
        <translation>Profil „%1“: Seine Zeile in agent_profiles wurde seit dem Lesen in der Datenbank geändert oder gelöscht; es wurde nichts geschrieben, neu laden und erneut durchsehen</translation>
    </message>
    <message>
        <source>%1 has no agent named &quot;%2&quot; (kandev&apos;s built-in dynamic agent, which kandev adds when dynamic routing is on); nothing was written</source>
        <translation>%1 hat keinen Agenten namens „%2“ (kandevs eingebauten dynamischen Agenten, den kandev anlegt, wenn dynamisches Routing eingeschaltet ist); es wurde nichts geschrieben</translation>
    </message>
    <message>
        <source>profile &quot;%1&quot;: its routes were changed in the database since it was read (without a version change); nothing was written, reload and review again</source>
        <translation>Profil „%1“: Seine Routen wurden seit dem Lesen in der Datenbank geändert (ohne Versionswechsel); es wurde nichts geschrieben, neu laden und erneut durchsehen</translation>
    </message>
    <message>
        <source>%1 is not the database that was read (%2); nothing was written, open it again</source>
        <translation>%1 ist nicht die Datenbank, die gelesen wurde (%2); es wurde nichts geschrieben, bitte erneut öffnen</translation>
    </message>
    <message>
        <source>the file at that path was replaced</source>
        <translation>die Datei unter diesem Pfad wurde ersetzt</translation>
    </message>
    <message>
        <source>another server or database answers there</source>
        <translation>dort antwortet ein anderer Server oder eine andere Datenbank</translation>
    </message>
    <message>
        <source>profile &quot;%1&quot; was changed in the database since it was read (version %2 expected); nothing was written, reload and review again</source>
        <translation>Profil „%1“ wurde seit dem Lesen in der Datenbank geändert (Version %2 erwartet); es wurde nichts geschrieben, neu laden und erneut durchsehen</translation>
    </message>
    <message>
        <source>%1 is locked: another connection is writing to it (%2); nothing was read, try again when it is done</source>
        <translation>%1 ist gesperrt: Eine andere Verbindung schreibt gerade hinein (%2); es wurde nichts gelesen, bitte erneut versuchen, wenn sie fertig ist</translation>
    </message>
</context>
<context>
    <name>MigrationReview</name>
    <message>
        <source>Dynamic profile</source>
        <translation>Dynamisches Profil</translation>
    </message>
    <message>
        <source>Profile %1</source>
        <translation>Profil %1</translation>
    </message>
    <message>
        <source>kandev&apos;s Go backend applies rules in sorted key order and would use &lt;code&gt;%1&lt;/code&gt; for %2 (%3). Policy Studio follows the documented rule: &lt;code&gt;%4&lt;/code&gt; wins (%5).</source>
        <translation>Das Go-Backend von kandev wendet Regeln in sortierter Schlüsselreihenfolge an und würde für %2 &lt;code&gt;%1&lt;/code&gt; verwenden (%3). Policy Studio folgt der dokumentierten Regel: &lt;code&gt;%4&lt;/code&gt; hat Vorrang (%5).</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>aktiviert</translation>
    </message>
    <message>
        <source>disabled: the route skips it</source>
        <translation>deaktiviert: die Route überspringt ihn</translation>
    </message>
    <message>
        <source>Legacy rules</source>
        <translation>Alte Regeln</translation>
    </message>
    <message>
        <source>Becomes</source>
        <translation>Wird zu</translation>
    </message>
    <message>
        <source>&lt;i&gt;No rules and no policies.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Keine Regeln und keine Richtlinien.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;Cannot be migrated.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Kann nicht migriert werden.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>try the next candidate</source>
        <translation>den nächsten Kandidaten versuchen</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>anhalten</translation>
    </message>
    <message>
        <source>retry the same candidate</source>
        <translation>denselben Kandidaten wiederholen</translation>
    </message>
    <message>
        <source>Gets the default: no wait, no retry, skip, for both classes.</source>
        <translation>Erhält die Voreinstellung: kein Warten, keine Wiederholung, überspringen, für beide Klassen.</translation>
    </message>
    <message>
        <source>Written &lt;code&gt;&quot;%1&quot;&lt;/code&gt; → &lt;code&gt;&quot;%2&quot;&lt;/code&gt;; read, as kandev reads it, with the white space around it trimmed.</source>
        <translation>Geschrieben: &lt;code&gt;&quot;%1&quot;&lt;/code&gt; → &lt;code&gt;&quot;%2&quot;&lt;/code&gt;; gelesen wie von kandev, ohne den umgebenden Leerraum.</translation>
    </message>
    <message>
        <source>The per-code rule &lt;code&gt;%1&lt;/code&gt; wins over it for its class.</source>
        <translation>Die Regel für den Code &lt;code&gt;%1&lt;/code&gt; hat für ihre Klasse Vorrang.</translation>
    </message>
    <message>
        <source>&lt;code&gt;%1&lt;/code&gt; becomes %2 — kandev&apos;s documented mapping.</source>
        <translation>&lt;code&gt;%1&lt;/code&gt; wird zu „%2“ – die dokumentierte Zuordnung von kandev.</translation>
    </message>
    <message>
        <source>No rule covers %1; they get the default (no wait, no retry, skip).</source>
        <translation>Keine Regel gilt für %1; sie erhalten die Voreinstellung (kein Warten, keine Wiederholung, überspringen).</translation>
    </message>
    <message>
        <source>In profile %1, candidate %2. %3: settle its rules in kandev.</source>
        <translation>Im Profil %1, Kandidat %2. %3: Klären Sie seine Regeln in kandev.</translation>
    </message>
    <message>
        <source>Field: &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>Feld: &lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>show line %1 of the file</source>
        <translation>Zeile %1 der Datei zeigen</translation>
    </message>
    <message>
        <source>Choose the rule that decides %1 (the others are removed; Undo brings them back):</source>
        <translation>Wählen Sie die Regel, die über %1 entscheidet (die anderen werden entfernt; Rückgängig holt sie zurück):</translation>
    </message>
    <message>
        <source>transient and hard errors</source>
        <translation>vorübergehende und dauerhafte Fehler</translation>
    </message>
    <message>
        <source>&lt;code&gt;%1&lt;/code&gt; covers %2 and means: %3.</source>
        <translation>&lt;code&gt;%1&lt;/code&gt; gilt für %2 und bedeutet: %3.</translation>
    </message>
</context>
<context>
    <name>PolicyText</name>
    <message>
        <source>0 s</source>
        <translation>0 s</translation>
    </message>
    <message>
        <source>%1 d</source>
        <extracomment>duration parts: days, hours, minutes, seconds</extracomment>
        <translation>%1 d</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>skip</source>
        <translation>überspringen</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>anhalten</translation>
    </message>
    <message>
        <source>no outcome</source>
        <translation>kein Ergebnis</translation>
    </message>
    <message>
        <source>wait up to %1</source>
        <translation>bis zu %1 warten</translation>
    </message>
    <message numerus="yes">
        <source>%n retries from %1</source>
        <translation>
            <numerusform>%n Wiederholung ab %1</numerusform>
            <numerusform>%n Wiederholungen ab %1</numerusform>
        </translation>
    </message>
    <message>
        <source>stop immediately</source>
        <translation>sofort anhalten</translation>
    </message>
    <message>
        <source>skip immediately</source>
        <translation>sofort überspringen</translation>
    </message>
    <message>
        <source>no outcome set</source>
        <translation>kein Ergebnis gewählt</translation>
    </message>
    <message>
        <source>%1, then %2</source>
        <extracomment>%1: what is tried, %2: skip or stop</extracomment>
        <translation>%1, dann %2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>Transient: %1 · Hard: %2</source>
        <translation>Vorübergehend: %1 · Dauerhaft: %2</translation>
    </message>
    <message>
        <source>No retries: the first failure goes straight to the outcome.</source>
        <translation>Keine Wiederholungen: Der erste Fehlschlag führt direkt zum Ergebnis.</translation>
    </message>
    <message>
        <source>Retries after %1, then %2.</source>
        <translation>Wiederholungen nach %1, dann %2.</translation>
    </message>
    <message numerus="yes">
        <source>%n retries: %1 attempts in all, up to %2 of waiting.</source>
        <translation>
            <numerusform>%n Wiederholung: insgesamt %1 Versuche, bis zu %2 Wartezeit.</numerusform>
            <numerusform>%n Wiederholungen: insgesamt %1 Versuche, bis zu %2 Wartezeit.</numerusform>
        </translation>
    </message>
    <message>
        <source>Delays stop growing at the %1 cap.</source>
        <translation>Die Wartezeiten wachsen höchstens bis %1.</translation>
    </message>
    <message>
        <source>Transient errors</source>
        <translation>Vorübergehende Fehler</translation>
    </message>
    <message>
        <source>Hard errors</source>
        <translation>Dauerhafte Fehler</translation>
    </message>
    <message>
        <source>Unclassified errors</source>
        <translation>Nicht eingestufte Fehler</translation>
    </message>
    <message>
        <source>The provider, the network or the model is briefly unable to serve. These usually clear on their own within seconds or minutes.</source>
        <translation>Anbieter, Netzwerk oder Modell können kurzzeitig nicht antworten. Das behebt sich meist von selbst innerhalb von Sekunden oder Minuten.</translation>
    </message>
    <message>
        <source>The account, subscription, quota, credentials, configuration or model needs a long reset or a person. Retrying soon rarely helps; a trusted reset time can.</source>
        <translation>Konto, Abonnement, Kontingent, Zugangsdaten, Konfiguration oder Modell brauchen eine lange Rücksetzung oder einen manuellen Eingriff. Baldiges Wiederholen hilft selten, eine verlässliche Rücksetzzeit schon.</translation>
    </message>
    <message>
        <source>Anything the catalogue does not know. It always stops automatic recovery.</source>
        <translation>Alles, was der Katalog nicht kennt. Solche Fehler halten die automatische Fehlerbehebung immer an.</translation>
    </message>
    <message>
        <source>For example: %1.</source>
        <translation>Zum Beispiel: %1.</translation>
    </message>
    <message>
        <source>; </source>
        <translation>; </translation>
    </message>
    <message>
        <source>network unavailable</source>
        <translation>Netzwerk nicht erreichbar</translation>
    </message>
    <message>
        <source>model at capacity</source>
        <translation>Modell ausgelastet</translation>
    </message>
    <message>
        <source>agent connection lost</source>
        <translation>Verbindung zum Agenten verloren</translation>
    </message>
    <message>
        <source>sign-in required</source>
        <translation>Anmeldung erforderlich</translation>
    </message>
    <message>
        <source>missing API key</source>
        <translation>API-Schlüssel fehlt</translation>
    </message>
    <message>
        <source>subscription or billing required</source>
        <translation>Abonnement oder Zahlung erforderlich</translation>
    </message>
    <message>
        <source>quota or spend limit reached</source>
        <translation>Kontingent oder Ausgabenlimit erreicht</translation>
    </message>
    <message>
        <source>model not available</source>
        <translation>Modell nicht verfügbar</translation>
    </message>
    <message>
        <source>provider not configured</source>
        <translation>Anbieter nicht eingerichtet</translation>
    </message>
    <message>
        <source>unknown provider error</source>
        <translation>unbekannter Anbieterfehler</translation>
    </message>
    <message>
        <source>agent runtime error</source>
        <translation>Laufzeitfehler des Agenten</translation>
    </message>
    <message>
        <source>task error</source>
        <translation>Aufgabenfehler</translation>
    </message>
    <message>
        <source>repository error</source>
        <translation>Repository-Fehler</translation>
    </message>
    <message>
        <source>permission denied by the user</source>
        <translation>Berechtigung vom Benutzer verweigert</translation>
    </message>
    <message>
        <source>corrupted resume state</source>
        <translation>beschädigter Fortsetzungszustand</translation>
    </message>
    <message>
        <source>Must be between %1 and %2 (found %3).</source>
        <translation>Muss zwischen %1 und %2 liegen (gefunden: %3).</translation>
    </message>
    <message>
        <source>Must be 0 while this section is off (found %1).</source>
        <translation>Muss 0 sein, solange dieser Abschnitt aus ist (gefunden: %1).</translation>
    </message>
    <message>
        <source>Choose what happens when recovery is exhausted.</source>
        <translation>Wählen Sie, was geschieht, wenn die Fehlerbehebung ausgeschöpft ist.</translation>
    </message>
    <message>
        <source>Unsupported policy version %1; this editor supports %2.</source>
        <translation>Nicht unterstützte Richtlinienversion %1; dieser Editor unterstützt %2.</translation>
    </message>
    <message>
        <source>A dynamic profile needs at least one candidate.</source>
        <translation>Ein dynamisches Profil braucht mindestens einen Kandidaten.</translation>
    </message>
    <message>
        <source>Candidate %1 carries position %2; positions are renumbered on save.</source>
        <translation>Kandidat %1 trägt Position %2; Positionen werden beim Speichern neu nummeriert.</translation>
    </message>
    <message>
        <source>The candidate does not name an agent profile.</source>
        <translation>Der Kandidat nennt kein Agentenprofil.</translation>
    </message>
    <message>
        <source>The candidate has both policies and legacy rules.</source>
        <translation>Der Kandidat hat sowohl Richtlinien als auch alte Regeln.</translation>
    </message>
    <message>
        <source>Wait %1 for the provider&apos;s reset, then try this candidate once more; if that fails too: %2.</source>
        <translation>%1 auf die Rücksetzung des Anbieters warten, dann diesen Kandidaten noch einmal versuchen; scheitert auch das: %2.</translation>
    </message>
    <message>
        <source>Retry %1 of this candidate after %2; when retries run out: %3.</source>
        <translation>Wiederholung %1 dieses Kandidaten nach %2; wenn die Wiederholungen aufgebraucht sind: %3.</translation>
    </message>
    <message>
        <source>Skip to the next candidate now.</source>
        <translation>Jetzt zum nächsten Kandidaten überspringen.</translation>
    </message>
    <message>
        <source>Stop for manual recovery.</source>
        <translation>Für manuellen Eingriff anhalten.</translation>
    </message>
    <message>
        <source>No schedule until the retry values above are within their limits.</source>
        <translation>Kein Zeitplan, solange die Wiederholungswerte oben außerhalb ihrer Grenzen liegen.</translation>
    </message>
    <message>
        <source>Candidate %1 already names this agent profile; kandev refuses a route that names a profile twice.</source>
        <translation>Kandidat %1 nennt dieses Agentenprofil bereits; kandev lehnt eine Route ab, die ein Profil zweimal nennt.</translation>
    </message>
    <message>
        <source>Legacy rules cannot be migrated: %1</source>
        <translation>Alte Regeln können nicht migriert werden: %1</translation>
    </message>
    <message>
        <source>Stop for manual recovery: the classifier could not classify this error, and unclassified errors always stop.</source>
        <translation>Für manuellen Eingriff anhalten: Dieser Fehler ließ sich nicht einstufen, und nicht eingestufte Fehler halten immer an.</translation>
    </message>
    <message>
        <source>corrupted npx cache</source>
        <translation>beschädigter npx-Zwischenspeicher</translation>
    </message>
    <message>
        <source>agent package version not found by npm</source>
        <translation>npm findet die Paketversion des Agenten nicht</translation>
    </message>
    <message>
        <source>transient errors</source>
        <extracomment>the class inside a sentence (&quot;retries for transient errors of X&quot;); German keeps the noun&apos;s capital</extracomment>
        <translation>vorübergehende Fehler</translation>
    </message>
    <message>
        <source>hard errors</source>
        <translation>dauerhafte Fehler</translation>
    </message>
    <message>
        <source>unclassified errors</source>
        <translation>nicht eingestufte Fehler</translation>
    </message>
    <message>
        <source>provider unavailable</source>
        <translation>Anbieter nicht verfügbar</translation>
    </message>
    <message>
        <source>provider overloaded</source>
        <translation>Anbieter überlastet</translation>
    </message>
    <message>
        <source>short rate limit</source>
        <translation>kurzes Ratenlimit</translation>
    </message>
    <message>
        <source>Stop: this candidate&apos;s policies are invalid, and invalid settings never authorize work.</source>
        <translation>Anhalten: Die Richtlinien dieses Kandidaten sind ungültig, und ungültige Einstellungen erlauben nie Arbeit.</translation>
    </message>
    <message>
        <source>Stop for manual recovery: the failure came after output or tool activity, so retrying could repeat side effects.</source>
        <translation>Für manuellen Eingriff anhalten: Der Fehlschlag kam nach einer Ausgabe oder Werkzeugaktivität, eine Wiederholung könnte also Seiteneffekte wiederholen.</translation>
    </message>
    <message>
        <source>The reset hint is not trusted for this error, so it is not used.</source>
        <translation>Der Rücksetzhinweis ist für diesen Fehler nicht verlässlich und wird daher nicht genutzt.</translation>
    </message>
    <message>
        <source>Wait-for-reset is off for %1 on this candidate, so the %2 hint is not used.</source>
        <translation>Das Warten auf Rücksetzung ist für %1 bei diesem Kandidaten aus, daher wird der Hinweis (%2) nicht genutzt.</translation>
    </message>
    <message>
        <source>This candidate already waited for a reset of %1 in this cycle, so the %2 reset is not used.</source>
        <translation>Dieser Kandidat hat in diesem Routendurchlauf schon auf eine Rücksetzung für %1 gewartet, daher wird die Rücksetzung in %2 nicht genutzt.</translation>
    </message>
    <message>
        <source>The reported reset is not in the future, so it is not used.</source>
        <translation>Die gemeldete Rücksetzung liegt nicht in der Zukunft und wird daher nicht genutzt.</translation>
    </message>
    <message>
        <source>The %1 hint is beyond this candidate&apos;s %2 maximum wait for %3, so it is not used.</source>
        <translation>Der Hinweis (%1) liegt jenseits der Höchstwartezeit dieses Kandidaten für %3 (%2) und wird daher nicht genutzt.</translation>
    </message>
    <message>
        <source>%1 is neither transient nor hard: unknown errors always stop for a person.</source>
        <translation>%1 ist weder vorübergehend noch dauerhaft: Unbekannte Fehler halten immer für manuellen Eingriff an.</translation>
    </message>
    <message>
        <source>The failure came after output or tool activity: errors after side effects always stop.</source>
        <translation>Der Fehlschlag kam nach einer Ausgabe oder Werkzeugaktivität: Fehler nach Seiteneffekten halten immer an.</translation>
    </message>
    <message>
        <source>Never in either class: unknown (unclassified) errors, task, repository, permission or tool errors, and any error after the agent produced output or used a tool. Those always stop for a person, so that no work runs twice.</source>
        <translation>In keiner der beiden Klassen: unbekannte (nicht eingestufte) Fehler, Aufgaben-, Repository-, Berechtigungs- oder Werkzeugfehler und jeder Fehler, nachdem der Agent eine Ausgabe erzeugt oder ein Werkzeug benutzt hat. Sie halten immer für manuellen Eingriff an, damit keine Arbeit doppelt läuft.</translation>
    </message>
    <message>
        <source>A route moves to the next candidate only after a classified provider error, and only when that candidate&apos;s policy for the class says skip once its retries are used up: transient errors (rate limits, overload, capacity, network, provider outages) and hard errors (quota, subscription, credentials, configuration, unavailable models).</source>
        <translation>Eine Route geht nur nach einem eingestuften Anbieterfehler zum nächsten Kandidaten über, und nur wenn die Richtlinie dieses Kandidaten für die Klasse nach verbrauchten Wiederholungen „überspringen“ sagt: vorübergehende Fehler (Ratenlimits, Überlastung, Kapazität, Netzwerk, Anbieterausfälle) und dauerhafte Fehler (Kontingent, Abonnement, Zugangsdaten, Konfiguration, nicht verfügbare Modelle).</translation>
    </message>
    <message>
        <source>It never switches for an unclassified error (unknown, task, repository, permission or tool errors) nor for any error after the agent produced output or used a tool: those stop for a person, so that no work runs twice.</source>
        <translation>Sie wechselt nie bei einem nicht eingestuften Fehler (unbekannte, Aufgaben-, Repository-, Berechtigungs- oder Werkzeugfehler) und nie bei einem Fehler, nachdem der Agent eine Ausgabe erzeugt oder ein Werkzeug benutzt hat: Diese halten für manuellen Eingriff an, damit keine Arbeit doppelt läuft.</translation>
    </message>
    <message>
        <source>After a provider fails, kandev pauses it for one minute, or until the reset time it reported, and then lets a single health probe through before any route uses it again.</source>
        <translation>Nach einem Anbieterfehler pausiert kandev den Anbieter eine Minute lang oder bis zur gemeldeten Rücksetzzeit und lässt dann eine einzige Testanfrage durch, bevor eine Route ihn wieder verwendet.</translation>
    </message>
    <message>
        <source>Waiting for a reset happens at most once per candidate and class in a route cycle, only for a trusted reset time within the maximum wait, and it does not use up a retry: after the wait, kandev tries the candidate once more before its retries apply.</source>
        <translation>Das Warten auf Rücksetzung geschieht höchstens einmal pro Kandidat und Klasse in einem Routendurchlauf, nur für eine verlässliche Rücksetzzeit innerhalb der Höchstwartezeit, und es verbraucht keine Wiederholung: Nach dem Warten versucht kandev den Kandidaten noch einmal, bevor seine Wiederholungen greifen.</translation>
    </message>
    <message>
        <source>Profile name is required.</source>
        <translation>Ein Profilname ist erforderlich.</translation>
    </message>
    <message>
        <source>The candidate is this dynamic profile itself; kandev refuses a profile as its own candidate.</source>
        <translation>Der Kandidat ist dieses dynamische Profil selbst; kandev lehnt ein Profil als seinen eigenen Kandidaten ab.</translation>
    </message>
    <message>
        <source>Agent profile %1 is not in this file; kandev refuses a candidate whose profile does not exist.</source>
        <translation>Das Agentenprofil %1 steht nicht in dieser Datei; kandev lehnt einen Kandidaten ab, dessen Profil es nicht gibt.</translation>
    </message>
    <message>
        <source>Agent profile %1 is deleted; kandev refuses it as a candidate.</source>
        <translation>Das Agentenprofil %1 ist gelöscht; kandev lehnt es als Kandidaten ab.</translation>
    </message>
    <message>
        <source>Agent profile %1 has no agent; kandev refuses a profile without an agent.</source>
        <translation>Das Agentenprofil %1 hat keinen Agenten; kandev lehnt ein Profil ohne Agenten ab.</translation>
    </message>
    <message>
        <source>Agent profile %1 is a dynamic profile; kandev refuses dynamic profiles as candidates.</source>
        <translation>Das Agentenprofil %1 ist ein dynamisches Profil; kandev lehnt dynamische Profile als Kandidaten ab.</translation>
    </message>
    <message>
        <source>Agent profile %1 is an Office profile (it has a workspace or a role); kandev refuses Office profiles as candidates.</source>
        <translation>Das Agentenprofil %1 ist ein Office-Profil (es hat einen Arbeitsbereich oder eine Rolle); kandev lehnt Office-Profile als Kandidaten ab.</translation>
    </message>
    <message>
        <source>Agent profile %1 has automatic fallback; kandev refuses such profiles as candidates.</source>
        <translation>Das Agentenprofil %1 hat automatischen Fallback; kandev lehnt solche Profile als Kandidaten ab.</translation>
    </message>
    <message>
        <source>Agent profile %1 is disabled; a disabled profile cannot be a candidate.</source>
        <translation>Das Agentenprofil %1 ist deaktiviert; ein deaktiviertes Profil kann kein Kandidat sein.</translation>
    </message>
    <message>
        <source>Warning: kandev may refuse agent profile %1: its agent %2 is not one of the inference agents kandev of %3 knows.</source>
        <extracomment>%3 is the date of the kandev release whose list of agents this build knows</extracomment>
        <translation>Warnung: kandev lehnt das Agentenprofil %1 womöglich ab: Sein Agent %2 gehört nicht zu den Inferenz-Agenten, die kandev vom %3 kennt.</translation>
    </message>
    <message>
        <source>this profile itself</source>
        <translation>dieses Profil selbst</translation>
    </message>
    <message>
        <source>already in the route</source>
        <translation>schon in der Route</translation>
    </message>
    <message>
        <source>not in this file</source>
        <translation>nicht in dieser Datei</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>gelöscht</translation>
    </message>
    <message>
        <source>no agent</source>
        <translation>kein Agent</translation>
    </message>
    <message>
        <source>a dynamic profile</source>
        <translation>ein dynamisches Profil</translation>
    </message>
    <message>
        <source>an Office profile</source>
        <translation>ein Office-Profil</translation>
    </message>
    <message>
        <source>automatic fallback</source>
        <translation>automatischer Fallback</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>deaktiviert</translation>
    </message>
    <message>
        <source>agent %1 may not be launchable</source>
        <translation>Agent %1 ist womöglich nicht startbar</translation>
    </message>
    <message>
        <source>high</source>
        <comment>confidence</comment>
        <translation>hoch</translation>
    </message>
    <message>
        <source>medium</source>
        <comment>confidence</comment>
        <translation>mittel</translation>
    </message>
    <message>
        <source>low</source>
        <comment>confidence</comment>
        <translation>niedrig</translation>
    </message>
    <message>
        <source>provider</source>
        <comment>scope</comment>
        <extracomment>what a failure affects: the provider, the account, the model or this request</extracomment>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>account</source>
        <comment>scope</comment>
        <translation>Konto</translation>
    </message>
    <message>
        <source>model</source>
        <comment>scope</comment>
        <translation>Modell</translation>
    </message>
    <message>
        <source>request</source>
        <comment>scope</comment>
        <translation>Anfrage</translation>
    </message>
    <message>
        <source>guard</source>
        <comment>stage</comment>
        <extracomment>where a classification rule sits in kandev&apos;s order</extracomment>
        <translation>Schutzregel</translation>
    </message>
    <message>
        <source>structured</source>
        <comment>stage</comment>
        <translation>strukturiert</translation>
    </message>
    <message>
        <source>agent CLI</source>
        <comment>stage</comment>
        <translation>Agenten-CLI</translation>
    </message>
    <message>
        <source>provider-neutral</source>
        <comment>stage</comment>
        <translation>anbieterneutral</translation>
    </message>
    <message>
        <source>runtime</source>
        <comment>stage</comment>
        <translation>Laufzeitumgebung</translation>
    </message>
    <message>
        <source>phase fallback</source>
        <comment>stage</comment>
        <translation>Rückfall auf die Phase</translation>
    </message>
    <message>
        <source>parsed, in the future, and no other hint disagrees</source>
        <translation>gelesen, in der Zukunft, und kein anderer Hinweis widerspricht</translation>
    </message>
    <message>
        <source>could not be parsed</source>
        <translation>konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>cannot be represented: past %1</source>
        <translation>nicht darstellbar: jenseits von %1</translation>
    </message>
    <message>
        <source>not in the future</source>
        <translation>nicht in der Zukunft</translation>
    </message>
    <message>
        <source>more than a year away</source>
        <translation>mehr als ein Jahr entfernt</translation>
    </message>
    <message>
        <source>agrees with %1</source>
        <extracomment>%1: another hint&apos;s source, e.g. retry-after</extracomment>
        <translation>stimmt mit %1 überein</translation>
    </message>
    <message>
        <source>disagrees with %1</source>
        <translation>widerspricht %1</translation>
    </message>
    <message>
        <source>conflicting hints: none is trusted</source>
        <translation>widersprüchliche Hinweise: keiner ist verlässlich</translation>
    </message>
    <message>
        <source>a time of day without a time zone is ambiguous</source>
        <translation>eine Uhrzeit ohne Zeitzone ist mehrdeutig</translation>
    </message>
    <message>
        <source>unknown time zone %1</source>
        <extracomment>%1: the time zone&apos;s name as the error wrote it</extracomment>
        <translation>unbekannte Zeitzone %1</translation>
    </message>
    <message>
        <source>not a calendar date</source>
        <translation>kein Kalenderdatum</translation>
    </message>
    <message>
        <source>Capacity error before output, every attempt</source>
        <translation>Kapazitätsfehler vor jeder Ausgabe, bei jedem Versuch</translation>
    </message>
    <message>
        <source>Quota exhausted, reset in 1 min</source>
        <translation>Kontingent erschöpft, Rücksetzung in 1 min</translation>
    </message>
    <message>
        <source>Quota exhausted, reset in 6 h</source>
        <translation>Kontingent erschöpft, Rücksetzung in 6 h</translation>
    </message>
    <message>
        <source>Two transient errors, then success</source>
        <translation>Zwei vorübergehende Fehler, dann Erfolg</translation>
    </message>
    <message>
        <source>Unknown error</source>
        <translation>Unbekannter Fehler</translation>
    </message>
    <message>
        <source>Failure after tool activity</source>
        <translation>Fehlschlag nach Werkzeugaktivität</translation>
    </message>
    <message>
        <source>candidate %1 (“%2”)</source>
        <extracomment>%1: the candidate&apos;s index in the route, %2: its profile id</extracomment>
        <translation>Kandidat %1 („%2“)</translation>
    </message>
    <message>
        <source>%1: a legacy rule has an empty key</source>
        <translation>%1: Eine alte Regel hat einen leeren Schlüssel</translation>
    </message>
    <message>
        <source>%1: the legacy rule key “%2” is neither on_provider_error nor a transient or hard error code</source>
        <extracomment>%2: the rule&apos;s key as written, e.g. rate_limitd</extracomment>
        <translation>%1: Der Schlüssel „%2“ der alten Regel ist weder on_provider_error noch ein Code vorübergehender oder dauerhafter Fehler</translation>
    </message>
    <message>
        <source>%1: the legacy rule “%2” has the unknown action “%3” (expected retry_same, try_next or stop)</source>
        <translation>%1: Die alte Regel „%2“ hat die unbekannte Aktion „%3“ (erwartet: retry_same, try_next oder stop)</translation>
    </message>
    <message>
        <source>%1: conflicting legacy rules for %2: %3</source>
        <extracomment>%2: the class in a sentence (&quot;transient errors&quot;); %3: the rules, e.g. rate_limited = stop</extracomment>
        <translation>%1: Widersprüchliche alte Regeln für %2: %3</translation>
    </message>
    <message>
        <source>%1 carries both policies and legacy rules</source>
        <translation>%1 hat sowohl Richtlinien als auch alte Regeln</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>duration parts</comment>
        <extracomment>two parts of a duration: &quot;1 min 30 s&quot;</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>list</comment>
        <extracomment>two items of a list: &quot;a, b&quot; in English, &quot;a、b&quot; in Chinese</extracomment>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>sentences</comment>
        <extracomment>two sentences one after the other: a space between them in English, none in Chinese</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>syntax error: %1</source>
        <extracomment>%1: the JSON parser&apos;s own words, in English</extracomment>
        <translation>Syntaxfehler: %1</translation>
    </message>
    <message>
        <source>the file is empty; expected a JSON document</source>
        <translation>die Datei ist leer; erwartet wird ein JSON-Dokument</translation>
    </message>
    <message>
        <source>the file is %1; documents are limited to %2</source>
        <translation>die Datei ist %1 groß; Dokumente dürfen höchstens %2 groß sein</translation>
    </message>
    <message>
        <source>JSON is nested more than %1 levels deep</source>
        <translation>JSON ist mehr als %1 Ebenen tief verschachtelt</translation>
    </message>
    <message>
        <source>duplicate key %1: each key may appear once per object</source>
        <translation>doppelter Schlüssel %1: Jeder Schlüssel darf pro Objekt nur einmal vorkommen</translation>
    </message>
    <message>
        <source>-0 is not a valid integer here; write 0</source>
        <translation>-0 ist hier keine gültige Ganzzahl; schreiben Sie 0</translation>
    </message>
    <message>
        <source>schema: %1</source>
        <extracomment>%1: the JSON Schema validator&apos;s own words, in English</extracomment>
        <translation>Schema: %1</translation>
    </message>
    <message>
        <source>is also the id of %1; kandev keeps one profile per id (agent_profiles&apos; primary key)</source>
        <extracomment>%1: the field path of the other profile</extracomment>
        <translation>ist auch die ID von %1; kandev hält ein Profil je ID (Primärschlüssel von agent_profiles)</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>eine Ganzzahl</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true oder false</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>eine Zeichenkette</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>ein Objekt</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>ein Array</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>einen Wahrheitswert</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>an unsupported value</source>
        <translation>einen nicht unterstützten Wert</translation>
    </message>
    <message>
        <source>&quot;skip&quot; or &quot;stop&quot;</source>
        <translation>„skip“ oder „stop“</translation>
    </message>
    <message>
        <source>a candidate object</source>
        <translation>ein Kandidatenobjekt</translation>
    </message>
    <message>
        <source>an object mapping error codes to actions</source>
        <translation>ein Objekt, das Fehlercodes Aktionen zuordnet</translation>
    </message>
    <message>
        <source>an action string</source>
        <translation>eine Aktion als Zeichenkette</translation>
    </message>
    <message>
        <source>a dynamic profile object</source>
        <translation>ein Objekt eines dynamischen Profils</translation>
    </message>
    <message>
        <source>an array of candidates</source>
        <translation>ein Array von Kandidaten</translation>
    </message>
    <message>
        <source>an agent profile object</source>
        <translation>ein Objekt eines Agentenprofils</translation>
    </message>
    <message>
        <source>an array of agent profiles</source>
        <translation>ein Array von Agentenprofilen</translation>
    </message>
    <message>
        <source>a class policy</source>
        <translation>eine Richtlinie einer Fehlerklasse</translation>
    </message>
    <message>
        <source>a policy document</source>
        <translation>ein Richtliniendokument</translation>
    </message>
    <message>
        <source>expected %1, found the fraction %2</source>
        <extracomment>%1: what the document should hold there (&quot;an integer&quot;), %2: what it holds (&quot;a string&quot;)</extracomment>
        <translation>erwartet: %1, gefunden: der Bruch %2</translation>
    </message>
    <message>
        <source>expected %1, found %2</source>
        <translation>erwartet: %1, gefunden: %2</translation>
    </message>
    <message>
        <source>unknown key %1 in %2 (allowed: %3)</source>
        <extracomment>%1: the key as written, quoted; %2: where (&quot;a class policy&quot;); %3: the keys allowed there</extracomment>
        <translation>unbekannter Schlüssel %1 in %2 (erlaubt: %3)</translation>
    </message>
    <message>
        <source>unknown on_exhausted %1 (expected &quot;skip&quot; or &quot;stop&quot;)</source>
        <translation>unbekannter on_exhausted-Wert %1 (erwartet: „skip“ oder „stop“)</translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <extracomment>%1: the field&apos;s key, e.g. execution_profile_id</extracomment>
        <translation>%1 fehlt</translation>
    </message>
    <message>
        <source>the integer %1 is out of range (largest allowed: %2)</source>
        <translation>die Ganzzahl %1 liegt außerhalb des Bereichs (höchstens erlaubt: %2)</translation>
    </message>
    <message>
        <source>the number is beyond the 64-bit integer range (allowed: %1 to %2)</source>
        <translation>die Zahl liegt außerhalb des 64-Bit-Ganzzahlbereichs (erlaubt: %1 bis %2)</translation>
    </message>
    <message>
        <source>the profile version must not be negative</source>
        <translation>die Profilversion darf nicht negativ sein</translation>
    </message>
    <message>
        <source>this agent profile is not dynamic: it has no &quot;dynamic&quot; document</source>
        <translation>dieses Agentenprofil ist nicht dynamisch: Es hat kein „dynamic“-Dokument</translation>
    </message>
    <message>
        <source>not a policy document: expected a dynamic profile (&quot;candidates&quot;), an agent profile (&quot;dynamic&quot;) or an export (an array, or &quot;profiles&quot;)</source>
        <translation>kein Richtliniendokument: erwartet wird ein dynamisches Profil („candidates“), ein Agentenprofil („dynamic“) oder ein Export (ein Array oder „profiles“)</translation>
    </message>
    <message>
        <source>%1 (line %2, column %3)</source>
        <extracomment>%1: rules_json and a field path in it, %2: its line, %3: its column</extracomment>
        <translation>%1 (Zeile %2, Spalte %3)</translation>
    </message>
    <message>
        <source>profile “%1”, position %2: %3: %4</source>
        <extracomment>%1: a profile id, %2: a route&apos;s position</extracomment>
        <translation>Profil „%1“, Position %2: %3: %4</translation>
    </message>
    <message>
        <source>profile “%1”, position %2: rules_json is %3 characters long; a route&apos;s rules are limited to %4 characters, so this profile is left untouched</source>
        <translation>Profil „%1“, Position %2: rules_json ist %3 Zeichen lang; die Regeln einer Route sind auf %4 Zeichen begrenzt, daher bleibt dieses Profil unverändert</translation>
    </message>
    <message>
        <source>profile “%1”, position %2: rules_json has policy version %3, newer than this build&apos;s %4; this profile is read and never written</source>
        <translation>Profil „%1“, Position %2: rules_json hat die Richtlinienversion %3, neuer als die %4 dieser Version; dieses Profil wird gelesen und nie geschrieben</translation>
    </message>
    <message>
        <source>profile “%1”, position %2: execution_profile_id is empty once white space is trimmed; kandev&apos;s backend rejects the route, so this profile is left untouched</source>
        <translation>Profil „%1“, Position %2: execution_profile_id ist ohne Leerraum leer; kandevs Backend weist die Route zurück, daher bleibt dieses Profil unverändert</translation>
    </message>
    <message>
        <source>the real number %1</source>
        <translation>die reelle Zahl %1</translation>
    </message>
    <message>
        <source>a blob of %1 bytes</source>
        <translation>ein Blob von %1 Bytes</translation>
    </message>
    <message>
        <source>the boolean %1</source>
        <translation>der Wahrheitswert %1</translation>
    </message>
    <message>
        <source>the text “%1”</source>
        <translation>der Text „%1“</translation>
    </message>
    <message>
        <source>%1 is past the 64-bit integer range kandev reads</source>
        <translation>%1 liegt außerhalb des 64-Bit-Ganzzahlbereichs, den kandev liest</translation>
    </message>
    <message>
        <source>%1 is not an integer, which kandev reads here</source>
        <translation>%1 ist keine Ganzzahl, die kandev hier liest</translation>
    </message>
    <message>
        <source>NULL where kandev reads an integer</source>
        <translation>NULL, wo kandev eine Ganzzahl liest</translation>
    </message>
    <message>
        <source>%1 is not a boolean (0 or 1), which kandev reads here</source>
        <translation>%1 ist kein Wahrheitswert (0 oder 1), den kandev hier liest</translation>
    </message>
    <message>
        <source>%1 is not text, which kandev reads here</source>
        <translation>%1 ist kein Text, den kandev hier liest</translation>
    </message>
    <message>
        <source>NULL where kandev reads text</source>
        <translation>NULL, wo kandev Text liest</translation>
    </message>
    <message>
        <source>profile “%1”: %2, column %3: %4; this profile is left untouched</source>
        <extracomment>%1: a profile id, %2: kandev&apos;s table, %3: its column, %4: what is wrong with the value</extracomment>
        <translation>Profil „%1“: %2, Spalte %3: %4; dieses Profil bleibt unverändert</translation>
    </message>
    <message numerus="yes">
        <source>and %n more problem(s) not listed; correct these and check again</source>
        <extracomment>After the first hundred problems of a file: how many more there are.</extracomment>
        <translation>
            <numerusform>und %n weiteres Problem, nicht aufgeführt; beheben Sie diese und prüfen Sie erneut</numerusform>
            <numerusform>und %n weitere Probleme, nicht aufgeführt; beheben Sie diese und prüfen Sie erneut</numerusform>
        </translation>
    </message>
    <message>
        <source>The worst-case hold for %1 is %2; the house allows %3.</source>
        <extracomment>%1: transient errors or hard errors; %2 and %3: durations</extracomment>
        <translation>Im ungünstigsten Fall hält die Route eine Aufgabe %2 fest (%1); die Hausregel erlaubt %3.</translation>
    </message>
    <message>
        <source>One route cycle makes up to %2 attempts for %1; the house allows %3.</source>
        <extracomment>%1: transient errors or hard errors; %2, %3: numbers of attempts</extracomment>
        <translation>Ein Routendurchlauf macht bis zu %2 Versuche (%1); die Hausregel erlaubt %3.</translation>
    </message>
    <message>
        <source>This candidate retries %1 up to %2 times; the house allows %3.</source>
        <extracomment>%1: transient errors or hard errors; %2, %3: numbers of retries</extracomment>
        <translation>Dieser Kandidat wiederholt bis zu %2-mal (%1); die Hausregel erlaubt %3.</translation>
    </message>
    <message>
        <source>This candidate waits up to %1 for the reset of %2; the house allows %3.</source>
        <extracomment>%1: a duration; %2: transient errors or hard errors; %3: a duration</extracomment>
        <translation>Dieser Kandidat wartet bis zu %1 auf die Rücksetzung (%2); die Hausregel erlaubt %3.</translation>
    </message>
    <message>
        <source>For %1 the route ends in stop; the house wants it to end with no candidate left.</source>
        <extracomment>%1: transient errors or hard errors</extracomment>
        <translation>Für %1 endet die Route mit Anhalten; die Hausregel verlangt, dass sie endet, wenn kein Kandidat mehr übrig ist.</translation>
    </message>
    <message>
        <source>For %1 the route ends with no candidate left; the house wants it to end in stop, so that a person hears of it.</source>
        <translation>Für %1 endet die Route, wenn kein Kandidat mehr übrig ist; die Hausregel verlangt ein Anhalten, damit ein Mensch davon erfährt.</translation>
    </message>
    <message numerus="yes">
        <source>%n candidate(s) enabled; the house requires at least %1.</source>
        <translation>
            <numerusform>%n Kandidat aktiviert; die Hausregel verlangt mindestens %1.</numerusform>
            <numerusform>%n Kandidaten aktiviert; die Hausregel verlangt mindestens %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The enabled candidates span %n provider(s)%1; the house requires at least %2.</source>
        <extracomment>%1: the agents&apos; names, or nothing when no agent is known</extracomment>
        <translation>
            <numerusform>Die aktivierten Kandidaten umfassen %n Anbieter%1; die Hausregel verlangt mindestens %2.</numerusform>
            <numerusform>Die aktivierten Kandidaten umfassen %n Anbieter%1; die Hausregel verlangt mindestens %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>No route cycle reaches this candidate for %1: an earlier candidate stops the route.</source>
        <extracomment>%1: transient errors or hard errors</extracomment>
        <translation>Kein Routendurchlauf erreicht diesen Kandidaten für %1: Ein früherer Kandidat hält die Route an.</translation>
    </message>
    <message>
        <source>Profile %1 is not among the profiles the house allows.</source>
        <translation>Profil %1 gehört nicht zu den Profilen, die die Hausregel erlaubt.</translation>
    </message>
    <message>
        <source>Profile %1 (agent %2) is not among the agents or profiles the house allows.</source>
        <translation>Profil %1 (Agent %2) gehört nicht zu den Agenten oder Profilen, die die Hausregel erlaubt.</translation>
    </message>
    <message>
        <source>Profile %1 matches %2, which the house forbids.</source>
        <extracomment>%1: the profile; %2: the pattern it matches</extracomment>
        <translation>Profil %1 passt auf %2, was die Hausregel verbietet.</translation>
    </message>
    <message>
        <source>This candidate handles %1 differently from the first enabled candidate; the house wants one policy for them.</source>
        <extracomment>%1: transient errors or hard errors</extracomment>
        <translation>Dieser Kandidat behandelt %1 anders als der erste aktivierte Kandidat; die Hausregel verlangt eine einzige Richtlinie dafür.</translation>
    </message>
    <message>
        <source>The candidate&apos;s legacy rules cannot be migrated.</source>
        <translation>Die alten Regeln des Kandidaten können nicht migriert werden.</translation>
    </message>
    <message>
        <source>The candidate breaks one of kandev&apos;s candidate rules.</source>
        <translation>Der Kandidat verstößt gegen eine der Kandidatenregeln von kandev.</translation>
    </message>
    <message>
        <source>House rule %1.</source>
        <extracomment>%1: the rule&apos;s id in the rules file</extracomment>
        <translation>Hausregel %1.</translation>
    </message>
    <message>
        <source>Excepted for this profile: %1.</source>
        <extracomment>%1: the reason recorded in the rules file</extracomment>
        <translation>Ausnahme für dieses Profil: %1.</translation>
    </message>
</context>
<context>
    <name>RouteComparisonText</name>
    <message>
        <source>success on %1</source>
        <extracomment>how a route cycle ends, after &quot;now ends in&quot; / &quot;instead of&quot;; %1: a candidate&apos;s name</extracomment>
        <translation>Erfolg bei %1</translation>
    </message>
    <message>
        <source>stop on %1 (safety gate)</source>
        <translation>Anhalten bei %1 (Sicherheitsschranke)</translation>
    </message>
    <message>
        <source>stop on %1</source>
        <translation>Anhalten bei %1</translation>
    </message>
    <message>
        <source>no eligible candidate left</source>
        <translation>kein zulässiger Kandidat übrig</translation>
    </message>
    <message>
        <source>a configuration error on %1</source>
        <translation>Konfigurationsfehler bei %1</translation>
    </message>
    <message>
        <source>the event limit</source>
        <translation>Ereignisgrenze</translation>
    </message>
    <message>
        <source>Cannot compare with the saved policy: %1 in the edited route cannot be simulated. %2</source>
        <extracomment>%1: a candidate&apos;s name; %2: the field path and the problem</extracomment>
        <translation>Kein Vergleich mit der gespeicherten Richtlinie möglich: %1 lässt sich in der bearbeiteten Route nicht simulieren. %2</translation>
    </message>
    <message>
        <source>Cannot compare with the saved policy: %1 in the saved route cannot be simulated. %2</source>
        <translation>Kein Vergleich mit der gespeicherten Richtlinie möglich: %1 lässt sich in der gespeicherten Route nicht simulieren. %2</translation>
    </message>
    <message>
        <source>No change to the route for this scenario</source>
        <translation>Keine Änderung der Route in diesem Szenario</translation>
    </message>
    <message numerus="yes">
        <source>+%n attempts</source>
        <extracomment>the change in the number of attempts: &quot;+2 attempts&quot;</extracomment>
        <translation>
            <numerusform>+%n Versuch</numerusform>
            <numerusform>+%n Versuche</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>−%n attempts</source>
        <translation>
            <numerusform>−%n Versuch</numerusform>
            <numerusform>−%n Versuche</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>+%n retries</source>
        <translation>
            <numerusform>+%n Wiederholung</numerusform>
            <numerusform>+%n Wiederholungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>−%n retries</source>
        <translation>
            <numerusform>−%n Wiederholung</numerusform>
            <numerusform>−%n Wiederholungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>+%n reset waits</source>
        <translation>
            <numerusform>+%n Warten auf Rücksetzung</numerusform>
            <numerusform>+%n Warten auf Rücksetzung</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>−%n reset waits</source>
        <translation>
            <numerusform>−%n Warten auf Rücksetzung</numerusform>
            <numerusform>−%n Warten auf Rücksetzung</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 longer</source>
        <extracomment>%1: how much longer (or shorter) the route takes to its end, &quot;35 s&quot;</extracomment>
        <translation>%1 länger</translation>
    </message>
    <message>
        <source>%1 shorter</source>
        <translation>%1 kürzer</translation>
    </message>
    <message>
        <source>now ends in %1 instead of %2</source>
        <extracomment>%1: how the edited route ends, %2: how the saved one ended</extracomment>
        <translation>Ende jetzt: %1 statt %2</translation>
    </message>
    <message>
        <source>The same attempts, waits and ending, but the route differs from event %1</source>
        <translation>Dieselben Versuche, Wartezeiten und dasselbe Ende, aber die Route weicht ab Ereignis %1 ab</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the parts of the summary</comment>
        <translation>, </translation>
    </message>
    <message>
        <source>Its legacy rules cannot be migrated (see Validation).</source>
        <translation>Seine alten Regeln können nicht migriert werden (siehe Prüfung).</translation>
    </message>
</context>
<context>
    <name>gui::ActionSet</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New Dynamic Profile</source>
        <translation>&amp;Neues dynamisches Profil</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen …</translation>
    </message>
    <message>
        <source>Open &amp;Database…</source>
        <translation>&amp;Datenbank öffnen …</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Re&amp;load from Disk</source>
        <translation>&amp;Von der Festplatte neu laden</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter …</translation>
    </message>
    <message>
        <source>Revie&amp;w Changes…</source>
        <translation>Änd&amp;erungen durchsehen …</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>Main Tool Bar</source>
        <translation>Hauptwerkzeugleiste</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Migration Report…</source>
        <translation>&amp;Migrationsbericht …</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Error &amp;Catalogue…</source>
        <translation>&amp;Fehlerkatalog …</translation>
    </message>
    <message>
        <source>&amp;About Policy Studio</source>
        <translation>Ü&amp;ber Policy Studio</translation>
    </message>
    <message>
        <source>About Policy Studio</source>
        <translation>Über Policy Studio</translation>
    </message>
    <message>
        <source>&lt;b&gt;Policy Studio %1&lt;/b&gt;&lt;p&gt;Edits the per-class recovery policies of kandev dynamic profiles, validated by the same evaluator a backend links.&lt;/p&gt;&lt;p&gt;Error catalogue: %2 (%3 rules)&lt;br/&gt;Policy schema version: %4&lt;/p&gt;</source>
        <translation>&lt;b&gt;Policy Studio %1&lt;/b&gt;&lt;p&gt;Bearbeitet die Richtlinien zur Fehlerbehebung je Fehlerklasse in dynamischen kandev-Profilen, geprüft von derselben Auswertungslogik, die ein Backend einbindet.&lt;/p&gt;&lt;p&gt;Fehlerkatalog: %2 (%3 Regeln)&lt;br/&gt;Version des Richtlinienschemas: %4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Colour &amp;Scheme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>&amp;Rückgängig: %1</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>&amp;Wiederherstellen: %1</translation>
    </message>
    <message>
        <source>Delete the dynamic profile shown, as kandev deletes one (a kandev database)</source>
        <translation>Das angezeigte dynamische Profil löschen, wie kandev eines löscht (eine kandev-Datenbank)</translation>
    </message>
    <message>
        <source>&amp;New Dynamic Profile in %1</source>
        <translation>&amp;Neues dynamisches Profil in %1</translation>
    </message>
    <message>
        <source>Dele&amp;te Dynamic Profile…</source>
        <translation>Dynamisches Profil &amp;löschen …</translation>
    </message>
    <message>
        <source>&amp;House Rules</source>
        <translation>&amp;Hausregeln</translation>
    </message>
    <message>
        <source>&amp;Choose Rules File…</source>
        <translation>Regeldatei &amp;wählen …</translation>
    </message>
    <message>
        <source>&amp;Use the Rules File Beside the Document</source>
        <translation>Regeldatei &amp;neben dem Dokument verwenden</translation>
    </message>
    <message>
        <source>&amp;Read the Rules File Again</source>
        <translation>Regeldatei e&amp;rneut lesen</translation>
    </message>
    <message>
        <source>Forget the chosen file: the nearest %1 in the document&apos;s folder or a parent is used</source>
        <translation>Die gewählte Datei vergessen: Die nächste %1 im Ordner des Dokuments oder einem übergeordneten Ordner gilt</translation>
    </message>
</context>
<context>
    <name>gui::CandidateEditor</name>
    <message>
        <source>No candidate selected</source>
        <translation>Kein Kandidat ausgewählt</translation>
    </message>
    <message>
        <source>No candidates yet</source>
        <translation>Noch keine Kandidaten</translation>
    </message>
    <message>
        <source>Add the route&apos;s first candidate with Add Candidate (Edit menu) to set what happens when its provider fails.</source>
        <translation>Fügen Sie mit „Kandidat hinzufügen“ (Menü Bearbeiten) den ersten Kandidaten der Route hinzu, um festzulegen, was geschieht, wenn sein Anbieter ausfällt.</translation>
    </message>
    <message>
        <source>Select a candidate in the route to edit what happens when its provider fails.</source>
        <translation>Wählen Sie einen Kandidaten der Route, um festzulegen, was bei einem Ausfall seines Anbieters geschieht.</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Agent profile %1 · %2</source>
        <translation>Agentenprofil %1 · %2</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>aktiviert</translation>
    </message>
    <message>
        <source>disabled: the route skips it</source>
        <translation>deaktiviert: die Route überspringt ihn</translation>
    </message>
    <message>
        <source>Read-only: %1</source>
        <translation>Schreibgeschützt: %1</translation>
    </message>
    <message>
        <source>%1. The route cannot use this candidate until it references an eligible profile.</source>
        <translation>%1. Die Route kann diesen Kandidaten erst nutzen, wenn er auf ein zulässiges Profil verweist.</translation>
    </message>
    <message>
        <source>Read-only: this candidate&apos;s legacy rules cannot be migrated. They are shown as they are.</source>
        <translation>Schreibgeschützt: Die alten Regeln dieses Kandidaten können nicht migriert werden. Sie werden so gezeigt, wie sie sind.</translation>
    </message>
    <message>
        <source>Read-only: this candidate&apos;s legacy rules can be migrated, but the document is open read-only (%1).</source>
        <translation>Schreibgeschützt: Die alten Regeln dieses Kandidaten lassen sich migrieren, aber das Dokument ist schreibgeschützt geöffnet (%1).</translation>
    </message>
    <message>
        <source>Legacy rules</source>
        <translation>Alte Regeln</translation>
    </message>
    <message>
        <source>Migrated, they become: %1</source>
        <translation>Migriert werden daraus: %1</translation>
    </message>
    <message>
        <source>Read-only: this candidate already has versioned policies, but the legacy rules of %1 cannot be migrated, so the document is open read-only.</source>
        <translation>Schreibgeschützt: Dieser Kandidat hat bereits versionierte Richtlinien, aber die alten Regeln von %1 lassen sich nicht migrieren; daher ist das Dokument schreibgeschützt geöffnet.</translation>
    </message>
    <message>
        <source>Read-only: this candidate already has versioned policies, but the legacy rules of %1 were not migrated, so the document is open read-only.</source>
        <translation>Schreibgeschützt: Dieser Kandidat hat bereits versionierte Richtlinien, aber die alten Regeln von %1 wurden nicht migriert; daher ist das Dokument schreibgeschützt geöffnet.</translation>
    </message>
</context>
<context>
    <name>gui::CandidateListPanel</name>
    <message>
        <source>&amp;Add Candidate…</source>
        <translation>Kandidat &amp;hinzufügen …</translation>
    </message>
    <message>
        <source>Add an eligible agent profile at the end of the route</source>
        <translation>Ein zulässiges Agentenprofil am Ende der Route hinzufügen</translation>
    </message>
    <message>
        <source>Move &amp;Down</source>
        <translation>Nach &amp;unten</translation>
    </message>
    <message>
        <source>&amp;Copy Policies To…</source>
        <translation>Richtlinien &amp;kopieren nach …</translation>
    </message>
    <message>
        <source>Copy the selected candidate&apos;s policies to other candidates</source>
        <translation>Die Richtlinien des gewählten Kandidaten auf andere Kandidaten übertragen</translation>
    </message>
    <message>
        <source>Route candidates</source>
        <translation>Kandidaten der Route</translation>
    </message>
    <message>
        <source>Copy Policies</source>
        <translation>Richtlinien kopieren</translation>
    </message>
    <message>
        <source>Copy the transient and hard error policies of %1 to:</source>
        <translation>Die Richtlinien für vorübergehende und dauerhafte Fehler von %1 kopieren nach:</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message numerus="yes">
        <source>Copy policies of %1 to %n candidate(s)</source>
        <translation>
            <numerusform>Richtlinien von %1 auf %n Kandidaten kopieren</numerusform>
            <numerusform>Richtlinien von %1 auf %n Kandidaten kopieren</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy policies</source>
        <translation>Richtlinien kopieren</translation>
    </message>
    <message>
        <source>%1, being edited, does not match the filter.</source>
        <translation>%1 wird bearbeitet, passt aber nicht zum Filter.</translation>
    </message>
    <message>
        <source>Re&amp;move Candidate</source>
        <translation>Kandidat &amp;entfernen</translation>
    </message>
    <message>
        <source>Move U&amp;p</source>
        <translation>Nach &amp;oben</translation>
    </message>
</context>
<context>
    <name>gui::CandidatePickerDialog</name>
    <message>
        <source>Add Candidate</source>
        <translation>Kandidat hinzufügen</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>Filter</translation>
    </message>
    <message>
        <source>Filter profiles</source>
        <translation>Profile filtern</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>This file has no catalogue of agent profiles. Type the id of an enabled, concrete profile without automatic fallback.</source>
        <translation>Diese Datei enthält keinen Katalog von Agentenprofilen. Geben Sie die ID eines aktivierten, konkreten Profils ohne automatischen Fallback ein.</translation>
    </message>
    <message>
        <source>Agent profile &amp;id:</source>
        <translation>&amp;ID des Agentenprofils:</translation>
    </message>
    <message>
        <source>kandev refuses a route that names a profile twice.</source>
        <translation>kandev lehnt eine Route ab, die ein Profil zweimal nennt.</translation>
    </message>
    <message>
        <source>%1 is already in the route; kandev refuses a route that names a profile twice.</source>
        <translation>%1 ist schon in der Route; kandev lehnt eine Route ab, die ein Profil zweimal nennt.</translation>
    </message>
    <message>
        <source>Every concrete agent profile of the file is listed. Those kandev refuses as candidates are greyed out, with the reason.</source>
        <translation>Alle konkreten Agentenprofile der Datei sind aufgeführt. Profile, die kandev als Kandidaten ablehnt, sind ausgegraut und nennen den Grund.</translation>
    </message>
    <message>
        <source>%1 (%2)
cannot be a candidate: %3</source>
        <extracomment>%3 says why, e.g. &quot;deleted, disabled&quot;</extracomment>
        <translation>%1 (%2)
kann kein Kandidat sein: %3</translation>
    </message>
    <message>
        <source>%1 (%2)
warning: %3</source>
        <translation>%1 (%2)
Warnung: %3</translation>
    </message>
    <message>
        <source>Agent profiles</source>
        <translation>Agentenprofile</translation>
    </message>
</context>
<context>
    <name>gui::CatalogueDialog</name>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>Geltungsbereich</translation>
    </message>
    <message>
        <source>Example</source>
        <translation>Beispiel</translation>
    </message>
    <message>
        <source>Error Catalogue — %1</source>
        <translation>Fehlerkatalog — %1</translation>
    </message>
    <message>
        <source>Error codes</source>
        <translation>Fehlercodes</translation>
    </message>
    <message>
        <source>Classification rules</source>
        <translation>Einstufungsregeln</translation>
    </message>
    <message>
        <source>&amp;Codes</source>
        <translation>&amp;Codes</translation>
    </message>
    <message>
        <source>&amp;Rules</source>
        <translation>&amp;Regeln</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Reads</source>
        <translation>Liest</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>Rules apply in kandev&apos;s order: its structured signals (status, exit 127), then the agent CLI&apos;s own wording, then provider-neutral wording, then the runtime environment; the first match of highest priority decides. Wording in ordinary language is only read inside an error context. Without a match the error is unclassified, and unclassified errors always stop.</source>
        <translation>Die Regeln gelten in der Reihenfolge von kandev: zuerst seine strukturierten Signale (Status, Exit-Code 127), dann der eigene Wortlaut der Agenten-CLI, dann anbieterneutraler Wortlaut, dann die Laufzeitumgebung; der erste Treffer höchster Priorität entscheidet. Wortlaut in gewöhnlicher Sprache wird nur in einem Fehlerkontext gelesen. Ohne Treffer ist der Fehler nicht eingestuft, und nicht eingestufte Fehler halten immer an.</translation>
    </message>
    <message>
        <source>any</source>
        <translation>beliebig</translation>
    </message>
    <message>
        <source>(the phase&apos;s code)</source>
        <translation>(der Code der Phase)</translation>
    </message>
    <message>
        <source>error context</source>
        <translation>Fehlerkontext</translation>
    </message>
    <message>
        <source>signature</source>
        <translation>Signatur</translation>
    </message>
    <message>
        <source>kandev</source>
        <translation>kandev</translation>
    </message>
    <message>
        <source>Policy Studio</source>
        <translation>Policy Studio</translation>
    </message>
    <message>
        <source>status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>exit code</source>
        <translation>Exit-Code</translation>
    </message>
</context>
<context>
    <name>gui::ClassPolicyPanel</name>
    <message>
        <source>&amp;Retry the same candidate</source>
        <translation>Denselben Kandidaten &amp;wiederholen</translation>
    </message>
    <message>
        <source>&amp;Wait for provider reset</source>
        <translation>Auf &amp;Rücksetzung des Anbieters warten</translation>
    </message>
    <message>
        <source>After recovery is exhausted</source>
        <translation>Nach ausgeschöpfter Fehlerbehebung</translation>
    </message>
    <message>
        <source>S&amp;kip to the next candidate</source>
        <translation>Zum nächsten Kandidaten übersprin&amp;gen</translation>
    </message>
    <message>
        <source>&amp;Max retries:</source>
        <translation>&amp;Max. Wiederholungen:</translation>
    </message>
    <message>
        <source>F&amp;irst retry after:</source>
        <translation>Erste Wiederholung &amp;nach:</translation>
    </message>
    <message>
        <source>Ma&amp;ximum wait:</source>
        <translation>Höchstwarte&amp;zeit:</translation>
    </message>
    <message>
        <source>St&amp;op for manual recovery</source>
        <translation>&amp;Für manuellen Eingriff anhalten</translation>
    </message>
    <message>
        <source>Retr&amp;y the same candidate</source>
        <translation>Denselben Kandidaten w&amp;iederholen</translation>
    </message>
    <message>
        <source>Max re&amp;tries:</source>
        <translation>Ma&amp;x. Wiederholungen:</translation>
    </message>
    <message>
        <source>First retry &amp;after:</source>
        <translation>Erste Wiederholung na&amp;ch:</translation>
    </message>
    <message>
        <source>Wait for provi&amp;der reset</source>
        <translation>Auf Rücksetzung de&amp;s Anbieters warten</translation>
    </message>
    <message>
        <source>Maxim&amp;um wait:</source>
        <translation>Höchstwart&amp;ezeit:</translation>
    </message>
    <message>
        <source>Skip to the &amp;next candidate</source>
        <translation>Zum nächsten &amp;Kandidaten überspringen</translation>
    </message>
    <message>
        <source>Sto&amp;p for manual recovery</source>
        <translation>Für man&amp;uellen Eingriff anhalten</translation>
    </message>
    <message>
        <source>Only a trusted reset time that the provider reports, lies in the future and is no further away than the maximum wait is used; then the candidate is tried once more. The wait does not use up retries.</source>
        <translation>Genutzt wird nur eine verlässliche Rücksetzzeit, die der Anbieter meldet, die in der Zukunft liegt und nicht weiter entfernt ist als die Höchstwartezeit; danach wird der Kandidat noch einmal versucht. Das Warten verbraucht keine Wiederholungen.</translation>
    </message>
    <message>
        <source>Only trusted reset times within this maximum; no retry is used up.</source>
        <translation>Nur verlässliche Rücksetzzeiten innerhalb dieser Höchstwartezeit; es wird keine Wiederholung verbraucht.</translation>
    </message>
    <message>
        <source>Turn on retries for %1 of %2</source>
        <translation>Wiederholungen für %1 von %2 einschalten</translation>
    </message>
    <message>
        <source>Turn off retries for %1 of %2</source>
        <translation>Wiederholungen für %1 von %2 ausschalten</translation>
    </message>
    <message>
        <source>Set max retries for %1 of %2 to %3</source>
        <translation>Höchstzahl der Wiederholungen für %1 von %2 auf %3 setzen</translation>
    </message>
    <message>
        <source>Set the first retry for %1 of %2 to %3</source>
        <translation>Erste Wiederholung für %1 von %2 auf %3 setzen</translation>
    </message>
    <message>
        <source>Turn on reset waits for %1 of %2</source>
        <translation>Warten auf Rücksetzung für %1 von %2 einschalten</translation>
    </message>
    <message>
        <source>Turn off reset waits for %1 of %2</source>
        <translation>Warten auf Rücksetzung für %1 von %2 ausschalten</translation>
    </message>
    <message>
        <source>Set the maximum reset wait for %1 of %2 to %3</source>
        <translation>Höchstwartezeit des Wartens auf Rücksetzung für %1 von %2 auf %3 setzen</translation>
    </message>
    <message>
        <source>Skip to the next candidate when %1 of %2 are not recovered</source>
        <translation>Zum nächsten Kandidaten überspringen, wenn %1 von %2 nicht behoben werden</translation>
    </message>
    <message>
        <source>Stop for a person when %1 of %2 are not recovered</source>
        <translation>Für manuellen Eingriff anhalten, wenn %1 von %2 nicht behoben werden</translation>
    </message>
    <message>
        <source>Explain %1</source>
        <translation>%1 erklären</translation>
    </message>
    <message>
        <source>Explain %1 for %2</source>
        <extracomment>%1 is a setting (the retry, the reset wait, the outcome), %2 the class (&quot;transient errors&quot;).</extracomment>
        <translation>%1 für %2 erklären</translation>
    </message>
    <message>
        <source>the retry</source>
        <translation>Die Wiederholung</translation>
    </message>
    <message>
        <source>Tries the same candidate again after a delay that doubles each time, up to the maximum retries; then the outcome below applies.</source>
        <translation>Versucht denselben Kandidaten erneut, nach einer Wartezeit, die sich jedes Mal verdoppelt, bis zur Höchstzahl der Wiederholungen; danach gilt das Ergebnis unten.</translation>
    </message>
    <message>
        <source>the reset wait</source>
        <translation>Das Warten auf Rücksetzung</translation>
    </message>
    <message>
        <source>the outcome</source>
        <translation>Das Ergebnis</translation>
    </message>
    <message>
        <source>What happens once the reset wait and every retry are used up: skip to the next enabled candidate, or stop the route until a person acts.</source>
        <translation>Was geschieht, wenn das Warten auf Rücksetzung und alle Wiederholungen verbraucht sind: zum nächsten aktivierten Kandidaten überspringen oder die Route für manuellen Eingriff anhalten.</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>Erklären</translation>
    </message>
    <message>
        <source>When the provider reports a trusted reset time within the maximum wait, kandev waits until then and tries once more. At most once per candidate and class in a route cycle, and it never uses up one of the retries.</source>
        <translation>Meldet der Anbieter eine verlässliche Rücksetzzeit innerhalb der Höchstwartezeit, wartet kandev bis dahin und versucht es noch einmal. Höchstens einmal pro Kandidat und Klasse in einem Routendurchlauf, und es verbraucht nie eine der Wiederholungen.</translation>
    </message>
    <message>
        <source>Show or hide the settings for %1</source>
        <extracomment>%1: the class in a sentence (&quot;transient errors&quot;)</extracomment>
        <translation>Einstellungen für %1 ein- oder ausblenden</translation>
    </message>
    <message>
        <source>Summary for %1</source>
        <translation>Zusammenfassung für %1</translation>
    </message>
</context>
<context>
    <name>gui::ClearAction</name>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
</context>
<context>
    <name>gui::DatabaseSession</name>
    <message>
        <source>Cannot Open Database</source>
        <translation>Datenbank kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>The database could not be opened: %1.</source>
        <translation>Die Datenbank konnte nicht geöffnet werden: %1.</translation>
    </message>
    <message numerus="yes">
        <source>Migrated %n profile(s) in the database; backup: %1. View › Migration Report shows how.</source>
        <translation>
            <numerusform>%n Profil in der Datenbank migriert; Sicherung: %1. Ansicht › Migrationsbericht zeigt, wie.</numerusform>
            <numerusform>%n Profile in der Datenbank migriert; Sicherung: %1. Ansicht › Migrationsbericht zeigt, wie.</numerusform>
        </translation>
    </message>
    <message>
        <source>Policy Studio cannot read this database:

%1</source>
        <translation>Policy Studio kann diese Datenbank nicht lesen:

%1</translation>
    </message>
    <message>
        <source>its legacy rules were not migrated</source>
        <translation>ihre alten Regeln wurden nicht migriert</translation>
    </message>
    <message>
        <source>Apply Migration</source>
        <translation>Migration anwenden</translation>
    </message>
    <message>
        <source>Write the migrated policies to %1 now, in one transaction, after a backup? Profiles with errors are left untouched.</source>
        <translation>Die migrierten Richtlinien jetzt nach einer Sicherung in einer Transaktion nach %1 schreiben? Profile mit Fehlern bleiben unverändert.</translation>
    </message>
    <message>
        <source>Migration Not Applied</source>
        <translation>Migration nicht angewendet</translation>
    </message>
    <message>
        <source>Nothing was written.

%1</source>
        <translation>Es wurde nichts geschrieben.

%1</translation>
    </message>
    <message>
        <source>Database Password</source>
        <translation>Datenbankpasswort</translation>
    </message>
    <message>
        <source>%1 asks for the password of user “%2”. It is kept only while the database is open.

%3</source>
        <translation>%1 fragt nach dem Passwort des Benutzers „%2“. Es wird nur so lange im Speicher gehalten, wie die Datenbank geöffnet ist.

%3</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Verbinden</translation>
    </message>
    <message>
        <source>Changed in the Database</source>
        <translation>In der Datenbank geändert</translation>
    </message>
    <message>
        <source>%1

Reload the profiles from the database? Your unsaved edits are lost.</source>
        <translation>%1

Die Profile neu aus der Datenbank laden? Ihre ungespeicherten Änderungen gehen verloren.</translation>
    </message>
    <message>
        <source>KANDEV_DATABASE_DRIVER is not set.</source>
        <translation>KANDEV_DATABASE_DRIVER ist nicht gesetzt.</translation>
    </message>
</context>
<context>
    <name>gui::DockLayout</name>
    <message>
        <source>Route</source>
        <translation>Route</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message numerus="yes">
        <source>Timeline — %n warning(s)</source>
        <translation>
            <numerusform>Zeitleiste — %n Warnung</numerusform>
            <numerusform>Zeitleiste — %n Warnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Validation</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>What Happens If…</source>
        <translation>Was passiert, wenn …</translation>
    </message>
    <message>
        <source>Try an Error</source>
        <translation>Fehler ausprobieren</translation>
    </message>
    <message>
        <source>Undo History</source>
        <translation>Änderungsverlauf</translation>
    </message>
    <message>
        <source>Live Routes</source>
        <translation>Laufende Routen</translation>
    </message>
    <message>
        <source>Fleet Overview</source>
        <translation>Flottenübersicht</translation>
    </message>
</context>
<context>
    <name>gui::DocumentController</name>
    <message>
        <source>Open Dynamic Profile</source>
        <translation>Dynamisches Profil öffnen</translation>
    </message>
    <message>
        <source>JSON documents (*.json);;All files (*)</source>
        <translation>JSON-Dokumente (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot Open File</source>
        <translation>Datei kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Policy Studio cannot open this file:

%1</source>
        <translation>Policy Studio kann diese Datei nicht öffnen:

%1</translation>
    </message>
    <message>
        <source>a candidate uses a newer policy version than this editor understands; it is never downgraded</source>
        <translation>ein Kandidat nutzt eine neuere Richtlinienversion, als dieser Editor versteht; sie wird nie herabgestuft</translation>
    </message>
    <message>
        <source>Opened Read-Only</source>
        <translation>Schreibgeschützt geöffnet</translation>
    </message>
    <message>
        <source>%1 uses a newer policy version than this editor supports. It opens read-only so that nothing is downgraded.</source>
        <translation>%1 nutzt eine neuere Richtlinienversion, als dieser Editor unterstützt. Die Datei wird schreibgeschützt geöffnet, damit nichts herabgestuft wird.</translation>
    </message>
    <message>
        <source>The sample could not be copied to %1.</source>
        <translation>Das Beispiel konnte nicht nach %1 kopiert werden.</translation>
    </message>
    <message>
        <source>File Changed on Disk</source>
        <translation>Datei auf der Festplatte geändert</translation>
    </message>
    <message>
        <source>%1 was changed by another program since it was opened. Saving replaces those changes.</source>
        <translation>%1 wurde seit dem Öffnen von einem anderen Programm geändert. Speichern ersetzt diese Änderungen.</translation>
    </message>
    <message>
        <source>Cannot Save</source>
        <translation>Speichern nicht möglich</translation>
    </message>
    <message>
        <source>Nothing was written; your edits are still here.

%1</source>
        <translation>Es wurde nichts geschrieben; Ihre Änderungen sind noch da.

%1</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>In %1 gespeichert.</translation>
    </message>
    <message>
        <source>Save Dynamic Profile As</source>
        <translation>Dynamisches Profil speichern unter</translation>
    </message>
    <message>
        <source>JSON documents (*.json)</source>
        <translation>JSON-Dokumente (*.json)</translation>
    </message>
    <message>
        <source>Replace File</source>
        <translation>Datei ersetzen</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it?</source>
        <translation>%1 existiert bereits. Ersetzen?</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them?</source>
        <translation>%1 hat ungespeicherte Änderungen. Speichern?</translation>
    </message>
    <message>
        <source>%1 was changed by another program. Reload it and lose your unsaved changes?</source>
        <translation>%1 wurde von einem anderen Programm geändert. Neu laden und die ungespeicherten Änderungen verwerfen?</translation>
    </message>
    <message>
        <source>%1 was changed by another program. Reload it?</source>
        <translation>%1 wurde von einem anderen Programm geändert. Neu laden?</translation>
    </message>
    <message>
        <source>%1 changed on disk; saving will replace it.</source>
        <translation>%1 wurde auf der Festplatte geändert; Speichern ersetzt die Datei.</translation>
    </message>
    <message>
        <source>Delete Dynamic Profile</source>
        <translation>Dynamisches Profil löschen</translation>
    </message>
    <message>
        <source>Delete the dynamic profile %1?

The next save marks it deleted in %2, as kandev deletes a profile: its rows stay, kandev stops offering it, and sessions already routed through it keep their route. Until you save, Undo brings it back.</source>
        <translation>Das dynamische Profil %1 löschen?

Das nächste Speichern markiert es in %2 als gelöscht, wie kandev ein Profil löscht: Seine Zeilen bleiben, kandev bietet es nicht mehr an, und Sitzungen, die bereits darüber laufen, behalten ihre Route. Bis zum Speichern holt Rückgängig es zurück.</translation>
    </message>
</context>
<context>
    <name>gui::DurationEdit</name>
    <message>
        <source>seconds</source>
        <extracomment>units of a duration input</extracomment>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>Minuten</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>Stunden</translation>
    </message>
    <message>
        <source>days</source>
        <translation>Tage</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <source>The unit of the number: pick the one you mean, and the number keeps its digits.</source>
        <translation>Die Einheit der Zahl: Wählen Sie die gemeinte; die Zahl behält ihre Ziffern.</translation>
    </message>
    <message>
        <source>= %1 s</source>
        <translation>= %1 s</translation>
    </message>
    <message>
        <source>%1, unit</source>
        <translation>%1, Einheit</translation>
    </message>
</context>
<context>
    <name>gui::EditorArea</name>
    <message>
        <source>Candidate editor</source>
        <translation>Kandidateneditor</translation>
    </message>
</context>
<context>
    <name>gui::FleetPane</name>
    <message>
        <source>Refresh Live Routes</source>
        <translation>Laufende Routen aktualisieren</translation>
    </message>
    <message>
        <source>Filter by name, id or provider</source>
        <translation>Nach Name, ID oder Anbieter filtern</translation>
    </message>
    <message>
        <source>Filter the fleet by name, id or provider</source>
        <translation>Die Flotte nach Name, ID oder Anbieter filtern</translation>
    </message>
    <message>
        <source>Fleet summary</source>
        <translation>Flottenzusammenfassung</translation>
    </message>
    <message>
        <source>Refresh live routes</source>
        <translation>Laufende Routen aktualisieren</translation>
    </message>
    <message>
        <source>Read the routes kandev is running now again</source>
        <translation>Die Routen, die kandev gerade ausführt, erneut lesen</translation>
    </message>
    <message>
        <source>Dynamic profiles of the fleet</source>
        <translation>Dynamische Profile der Flotte</translation>
    </message>
    <message>
        <source>Could not read the live routes (%1).</source>
        <translation>Die laufenden Routen konnten nicht gelesen werden (%1).</translation>
    </message>
    <message>
        <source>Open a document to see its dynamic profiles.</source>
        <translation>Öffnen Sie ein Dokument, um seine dynamischen Profile zu sehen.</translation>
    </message>
    <message numerus="yes">
        <source>%n with violations.</source>
        <translation>
            <numerusform>%n mit Verstößen.</numerusform>
            <numerusform>%n mit Verstößen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n profile(s); %1</source>
        <translation>
            <numerusform>%n Profil; %1</numerusform>
            <numerusform>%n Profile; %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Showing %1 of %n profile(s); %2</source>
        <translation>
            <numerusform>%1 von %n Profil angezeigt; %2</numerusform>
            <numerusform>%1 von %n Profilen angezeigt; %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gui::HouseRulesController</name>
    <message>
        <source>Choose a House Rules File</source>
        <translation>Hausregel-Datei wählen</translation>
    </message>
    <message>
        <source>House rules (*.json);;All files (*)</source>
        <translation>Hausregeln (*.json);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>gui::LiveRoutesPane</name>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Show in Timeline</source>
        <translation>In der Zeitleiste zeigen</translation>
    </message>
    <message>
        <source>Live routes</source>
        <translation>Laufende Routen</translation>
    </message>
    <message>
        <source>Preview the rest of this route&apos;s cycle from its current state, if the same error repeats</source>
        <translation>Den Rest des Routendurchlaufs dieser Route ab ihrem aktuellen Zustand in der Vorschau zeigen, falls derselbe Fehler erneut auftritt</translation>
    </message>
    <message>
        <source>Live routes are shown for a kandev database.</source>
        <translation>Laufende Routen werden für eine kandev-Datenbank gezeigt.</translation>
    </message>
    <message>
        <source>Could not read the live routes (%1); shown as of the last read.</source>
        <translation>Die laufenden Routen konnten nicht gelesen werden (%1); gezeigt wird der Stand des letzten Lesens.</translation>
    </message>
    <message>
        <source>This kandev database keeps no route state (kandev before August 2026).</source>
        <translation>Diese kandev-Datenbank speichert keinen Routenzustand (kandev vor August 2026).</translation>
    </message>
    <message>
        <source>Credentials &lt;b&gt;%1&lt;/b&gt; paused until %2 (%3): every candidate using them is passed over.</source>
        <translation>Zugangsdaten &lt;b&gt;%1&lt;/b&gt; pausiert bis %2 (%3): jeder Kandidat, der sie nutzt, wird übergangen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; paused until %2 (%3): the route passes it over.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; pausiert bis %2 (%3): die Route übergeht ihn.</translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running; %1 scheduled under another policy than the one you are editing.</source>
        <translation>
            <numerusform>%n Route läuft; %1 unter einer anderen Richtlinie geplant als der, die Sie bearbeiten.</numerusform>
            <numerusform>%n Routen laufen; %1 unter einer anderen Richtlinie geplant als der, die Sie bearbeiten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n route(s) running, read at %1.</source>
        <translation>
            <numerusform>%n Route läuft, gelesen um %1.</numerusform>
            <numerusform>%n Routen laufen, gelesen um %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a route to see what happens next and its history.</source>
        <translation>Wählen Sie eine Route, um zu sehen, was als Nächstes geschieht, und ihren Verlauf.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Session %1&lt;/b&gt; on %2, %3 (profile version %4)</source>
        <translation>&lt;b&gt;Sitzung %1&lt;/b&gt; auf %2, %3 (Profilversion %4)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Session %1&lt;/b&gt;, %2 (profile version %3)</source>
        <translation>&lt;b&gt;Sitzung %1&lt;/b&gt;, %2 (Profilversion %3)</translation>
    </message>
    <message>
        <source>Its policy state cannot be read, so nothing is predicted: %1</source>
        <translation>Ihr Richtlinienzustand ist nicht lesbar, daher wird nichts vorhergesagt: %1</translation>
    </message>
    <message>
        <source>The policy it was scheduled under cannot be read: %1</source>
        <translation>Die Richtlinie, unter der sie geplant wurde, ist nicht lesbar: %1</translation>
    </message>
    <message>
        <source>Saving changes what its next failure is evaluated with; its scheduled deadline stays.</source>
        <translation>Speichern ändert, womit ihr nächster Fehlschlag bewertet wird; ihre geplante Frist bleibt.</translation>
    </message>
    <message>
        <source>%1 is no longer in the route you are editing.</source>
        <translation>%1 ist nicht mehr in der Route, die Sie bearbeiten.</translation>
    </message>
    <message>
        <source>History: %1</source>
        <translation>Verlauf: %1</translation>
    </message>
    <message>
        <source>Its row cannot be read, so nothing is predicted: %1</source>
        <translation>Ihre Zeile ist nicht lesbar, daher wird nichts vorhergesagt: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n earlier attempt(s)</source>
        <translation>
            <numerusform>%n früherer Versuch</numerusform>
            <numerusform>%n frühere Versuche</numerusform>
        </translation>
    </message>
    <message>
        <source>%1. %2 (%3), %4</source>
        <extracomment>%1: the route generation, %2: the candidate, %3: why kandev chose it (kandev&apos;s code), %4: when</extracomment>
        <translation>%1. %2 (%3), %4</translation>
    </message>
    <message>
        <source>%1. %2 (%3)</source>
        <translation>%1. %2 (%3)</translation>
    </message>
</context>
<context>
    <name>gui::MainWindow</name>
    <message>
        <source>Policy Studio</source>
        <translation>Policy Studio</translation>
    </message>
    <message>
        <source>Opened</source>
        <translation>Geöffnet</translation>
    </message>
    <message>
        <source>Undo history</source>
        <translation>Änderungsverlauf</translation>
    </message>
    <message>
        <source>Open a dynamic profile document to start.</source>
        <translation>Öffnen Sie ein Dokument mit dynamischen Profilen, um zu beginnen.</translation>
    </message>
    <message>
        <source>Read-only: %1.</source>
        <translation>Schreibgeschützt: %1.</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>%1 geöffnet.</translation>
    </message>
    <message>
        <source>A new dynamic profile: add its first candidate with Add Candidate (%1).</source>
        <translation>Ein neues dynamisches Profil: Fügen Sie mit „Kandidat hinzufügen“ (%1) den ersten Kandidaten hinzu.</translation>
    </message>
    <message>
        <source>%1 (read-only)</source>
        <extracomment>the window title of a document open read-only: &quot;%1 (read-only)&quot;</extracomment>
        <translation>%1 (schreibgeschützt)</translation>
    </message>
</context>
<context>
    <name>gui::MigrationFlow</name>
    <message>
        <source>Let %1 decide %2 of %3</source>
        <translation>%1 über %2 von %3 entscheiden lassen</translation>
    </message>
    <message>
        <source>Migrate legacy rules</source>
        <translation>Alte Regeln migrieren</translation>
    </message>
    <message numerus="yes">
        <source>Migrated %n candidate(s) to versioned policies; nothing is written until you save. View › Migration Report shows how.</source>
        <translation>
            <numerusform>%n Kandidat in versionierte Richtlinien migriert; geschrieben wird erst beim Speichern. Ansicht › Migrationsbericht zeigt, wie.</numerusform>
            <numerusform>%n Kandidaten in versionierte Richtlinien migriert; geschrieben wird erst beim Speichern. Ansicht › Migrationsbericht zeigt, wie.</numerusform>
        </translation>
    </message>
    <message>
        <source>some legacy rules in this document cannot be migrated</source>
        <translation>einige alte Regeln in diesem Dokument können nicht migriert werden</translation>
    </message>
    <message>
        <source>its legacy rules were not migrated</source>
        <translation>ihre alten Regeln wurden nicht migriert</translation>
    </message>
</context>
<context>
    <name>gui::MigrationReviewDialog</name>
    <message>
        <source>Review Migration — %1</source>
        <translation>Durchsicht der Migration — %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 uses legacy rules that cannot be migrated.&lt;/b&gt; It opens read-only; fix the rules marked below in the file, or in kandev, and open it again.</source>
        <translation>&lt;b&gt;%1 nutzt alte Regeln, die sich nicht migrieren lassen.&lt;/b&gt; Die Datei wird schreibgeschützt geöffnet; beheben Sie die unten markierten Regeln in der Datei oder in kandev und öffnen Sie sie erneut.</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1 uses legacy rules.&lt;/b&gt; Before it can be edited, its %n candidate(s) are converted to versioned policies as shown. Nothing is written until you save.</source>
        <translation>
            <numerusform>&lt;b&gt;%1 nutzt alte Regeln.&lt;/b&gt; Bevor die Datei bearbeitet werden kann, wird ihr %n Kandidat wie gezeigt in versionierte Richtlinien umgewandelt. Geschrieben wird erst beim Speichern.</numerusform>
            <numerusform>&lt;b&gt;%1 nutzt alte Regeln.&lt;/b&gt; Bevor die Datei bearbeitet werden kann, werden ihre %n Kandidaten wie gezeigt in versionierte Richtlinien umgewandelt. Geschrieben wird erst beim Speichern.</numerusform>
        </translation>
    </message>
    <message>
        <source>Migration report</source>
        <translation>Migrationsbericht</translation>
    </message>
    <message>
        <source>&amp;Migrate</source>
        <translation>&amp;Migrieren</translation>
    </message>
    <message>
        <source>Open &amp;Read-Only</source>
        <translation>&amp;Schreibgeschützt öffnen</translation>
    </message>
    <message>
        <source>These routes cannot be read; their profiles are left untouched:</source>
        <translation>Diese Routen sind unlesbar; ihre Profile bleiben unverändert:</translation>
    </message>
    <message>
        <source>Or choose below which rule wins; that is an edit you can undo.</source>
        <translation>Oder wählen Sie unten, welche Regel gilt; diese Änderung lässt sich rückgängig machen.</translation>
    </message>
    <message>
        <source>How the legacy rules were migrated when the document was opened.</source>
        <translation>Wie die alten Regeln beim Öffnen des Dokuments migriert wurden.</translation>
    </message>
    <message>
        <source>%1 — line %2</source>
        <translation>%1 — Zeile %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 holds legacy rules.&lt;/b&gt; The profiles without problems can be migrated as shown; the profiles marked below cannot be until their rules are settled in kandev, and open read-only.</source>
        <translation>&lt;b&gt;%1 enthält alte Regeln.&lt;/b&gt; Die Profile ohne Probleme lassen sich wie gezeigt migrieren; die unten markierten Profile erst, wenn ihre Regeln in kandev geklärt sind, bis dahin werden sie schreibgeschützt geöffnet.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 holds legacy rules that cannot be migrated.&lt;/b&gt; The profiles marked below open read-only until their rules are settled in kandev; the other profiles can be edited.</source>
        <translation>&lt;b&gt;%1 enthält alte Regeln, die sich nicht migrieren lassen.&lt;/b&gt; Die unten markierten Profile werden schreibgeschützt geöffnet, bis ihre Regeln in kandev geklärt sind; die anderen Profile lassen sich bearbeiten.</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>Ö&amp;ffnen</translation>
    </message>
</context>
<context>
    <name>gui::OpenDatabaseDialog</name>
    <message>
        <source>&amp;SQLite file</source>
        <translation>&amp;SQLite-Datei</translation>
    </message>
    <message>
        <source>&amp;PostgreSQL server</source>
        <translation>&amp;PostgreSQL-Server</translation>
    </message>
    <message>
        <source>kandev&apos;s &amp;environment (KANDEV_DATABASE_*)</source>
        <translation>&amp;Umgebung von kandev (KANDEV_DATABASE_*)</translation>
    </message>
    <message>
        <source>Open kandev Database</source>
        <translation>kandev-Datenbank öffnen</translation>
    </message>
    <message>
        <source>The database opens read-only; nothing is written until you save or apply a migration.</source>
        <translation>Die Datenbank wird schreibgeschützt geöffnet; geschrieben wird erst beim Speichern oder beim Anwenden einer Migration.</translation>
    </message>
    <message>
        <source>SQLite file</source>
        <translation>SQLite-Datei</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen …</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>&amp;Host:</translation>
    </message>
    <message>
        <source>P&amp;ort:</source>
        <translation>P&amp;ort:</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>&amp;Benutzer:</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>Pass&amp;wort:</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>Da&amp;tenbank:</translation>
    </message>
    <message>
        <source>kandev SQLite Database</source>
        <translation>kandev-SQLite-Datenbank</translation>
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite *.sqlite3);;All files (*)</source>
        <translation>SQLite-Datenbanken (*.db *.sqlite *.sqlite3);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Choose a SQLite file.</source>
        <translation>Wählen Sie eine SQLite-Datei.</translation>
    </message>
</context>
<context>
    <name>gui::ProblemCountButton</name>
    <message>
        <source>Show the problems in Validation</source>
        <translation>Die Probleme unter „Prüfung“ zeigen</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n Problem</numerusform>
            <numerusform>%n Probleme</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gui::ProfileSettingsBox</name>
    <message>
        <source>Profile name</source>
        <translation>Profilname</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>Erforderlich</translation>
    </message>
    <message>
        <source>Offered for new tasks and agents.</source>
        <translation>Für neue Aufgaben und Agenten angeboten.</translation>
    </message>
    <message>
        <source>Not offered for new tasks or agents; sessions already routed through it keep running.</source>
        <translation>Nicht für neue Aufgaben oder Agenten angeboten; Sitzungen, die bereits darüber laufen, laufen weiter.</translation>
    </message>
    <message>
        <source>Profile enabled</source>
        <translation>Profil aktiviert</translation>
    </message>
    <message>
        <source>Profile name:</source>
        <translation>Profilname:</translation>
    </message>
</context>
<context>
    <name>gui::ReviewChangesDialog</name>
    <message>
        <source>Review Changes — %1</source>
        <translation>Durchsicht der Änderungen — %1</translation>
    </message>
    <message>
        <source>Nothing to save: the document is as it was read.</source>
        <translation>Nichts zu speichern: Das Dokument ist so, wie es gelesen wurde.</translation>
    </message>
    <message>
        <source>These changes cannot be saved yet: %1</source>
        <translation>Diese Änderungen können noch nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Saving writes these changes to %1 (against what was read or last saved):</source>
        <translation>Speichern schreibt diese Änderungen nach %1 (gegenüber dem Gelesenen oder zuletzt Gespeicherten):</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>Änderungen</translation>
    </message>
    <message>
        <source>Save Changes — %1</source>
        <translation>Änderungen speichern — %1</translation>
    </message>
</context>
<context>
    <name>gui::RouteItemDelegate</name>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
</context>
<context>
    <name>gui::RoutePane</name>
    <message>
        <source>Filter profiles and candidates</source>
        <translation>Profile und Kandidaten filtern</translation>
    </message>
    <message>
        <source>Dynamic profiles</source>
        <translation>Dynamische Profile</translation>
    </message>
</context>
<context>
    <name>gui::ScenarioEditorDialog</name>
    <message>
        <source>Custom Scenario</source>
        <translation>Eigenes Szenario</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>The n-th attempt of the route cycle meets the n-th failure:</source>
        <translation>Der n-te Versuch des Routendurchlaufs trifft auf den n-ten Fehlschlag:</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Reset hint after (s)</source>
        <translation>Rücksetzhinweis nach (s)</translation>
    </message>
    <message>
        <source>Before any output</source>
        <translation>Vor jeder Ausgabe</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>Fehlschläge</translation>
    </message>
    <message>
        <source>&amp;Add Failure</source>
        <translation>Fehlschlag &amp;hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Remove Failure</source>
        <translation>Fehlschlag &amp;entfernen</translation>
    </message>
    <message>
        <source>the last failure repeats</source>
        <translation>wiederholt sich der letzte Fehlschlag</translation>
    </message>
    <message>
        <source>the next attempt succeeds</source>
        <translation>gelingt der nächste Versuch</translation>
    </message>
    <message>
        <source>Error of failure %1</source>
        <translation>Fehler bei Fehlschlag %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>Reset hint of failure %1</source>
        <translation>Rücksetzhinweis bei Fehlschlag %1</translation>
    </message>
    <message>
        <source>Failure %1 came before any output</source>
        <translation>Fehlschlag %1 kam vor jeder Ausgabe</translation>
    </message>
    <message>
        <source>Custom scenario</source>
        <translation>Eigenes Szenario</translation>
    </message>
    <message>
        <source>A&amp;fter the last failure:</source>
        <translation>Nach dem &amp;letzten Fehlschlag:</translation>
    </message>
</context>
<context>
    <name>gui::StartPage</name>
    <message>
        <source>Recent files</source>
        <translation>Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Policy Studio</source>
        <translation>Policy Studio</translation>
    </message>
    <message>
        <source>Edit how kandev&apos;s dynamic profiles recover from provider errors: open a profile document, kandev&apos;s own database, or the sample to look around.</source>
        <translation>Bearbeiten Sie, wie sich die dynamischen Profile von kandev von Anbieterfehlern erholen: Öffnen Sie ein Profildokument, die Datenbank von kandev oder zum Umsehen das Beispiel.</translation>
    </message>
    <message>
        <source>kandev&apos;s own SQLite database on this machine</source>
        <translation>Die SQLite-Datenbank von kandev auf diesem Rechner</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>%1 öffnen</translation>
    </message>
    <message>
        <source>Open File…</source>
        <translation>Datei öffnen …</translation>
    </message>
    <message>
        <source>Open kandev Database…</source>
        <translation>kandev-Datenbank öffnen …</translation>
    </message>
    <message>
        <source>Open the Sample</source>
        <translation>Das Beispiel öffnen</translation>
    </message>
    <message>
        <source>New Dynamic Profile</source>
        <translation>Neues dynamisches Profil</translation>
    </message>
</context>
<context>
    <name>gui::SwitchingExplanation</name>
    <message>
        <source>When kandev switches candidates</source>
        <translation>Wann kandev den Kandidaten wechselt</translation>
    </message>
</context>
<context>
    <name>gui::TimelineLegend</name>
    <message>
        <source>Legend</source>
        <translation>Legende</translation>
    </message>
</context>
<context>
    <name>gui::TimelinePanel</name>
    <message>
        <source>Custom scenario</source>
        <translation>Eigenes Szenario</translation>
    </message>
    <message>
        <source>&amp;Logarithmic time</source>
        <translation>&amp;Logarithmische Zeit</translation>
    </message>
    <message>
        <source>&amp;Scenario:</source>
        <translation>Szenari&amp;o:</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>Timeline events</source>
        <translation>Ereignisse der Zeitleiste</translation>
    </message>
    <message>
        <source>Export Timeline</source>
        <translation>Zeitleiste exportieren</translation>
    </message>
    <message>
        <source>SVG image (*.svg);;PNG image (*.png)</source>
        <translation>SVG-Bild (*.svg);;PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>Cannot Export</source>
        <translation>Export nicht möglich</translation>
    </message>
    <message>
        <source>The timeline could not be written to %1.</source>
        <translation>Die Zeitleiste konnte nicht nach %1 geschrieben werden.</translation>
    </message>
    <message>
        <source>Edit &amp;Custom…</source>
        <translation>Szenario an&amp;passen …</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren …</translation>
    </message>
    <message>
        <source>Picture</source>
        <translation>Bild</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <source>Route warnings</source>
        <translation>Warnungen zur Route</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <source>timeline</source>
        <translation>zeitleiste</translation>
    </message>
    <message>
        <source>Warnings (%1)</source>
        <translation>Warnungen (%1)</translation>
    </message>
    <message>
        <source>Timeline views</source>
        <translation>Zeitleisten-Ansichten</translation>
    </message>
    <message>
        <source>Draw the route as it was read or last saved, dashed, under the edited one</source>
        <translation>Die Route, wie sie gelesen oder zuletzt gespeichert wurde, gestrichelt unter der bearbeiteten zeichnen</translation>
    </message>
    <message>
        <source>Compare with saved</source>
        <translation>Mit Gespeichertem vergleichen</translation>
    </message>
</context>
<context>
    <name>gui::TimelineView</name>
    <message>
        <source>Retry timeline</source>
        <translation>Wiederholungszeitleiste</translation>
    </message>
    <message>
        <source>Open a dynamic profile to preview its retry timeline.</source>
        <translation>Öffnen Sie ein dynamisches Profil, um seine Wiederholungszeitleiste zu sehen.</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source> (off)</source>
        <translation> (aus)</translation>
    </message>
    <message>
        <source>reset wait %1</source>
        <translation>Warten auf Rücksetzung %1</translation>
    </message>
    <message>
        <source>stop: action required</source>
        <translation>anhalten: Eingriff erforderlich</translation>
    </message>
    <message>
        <source>success</source>
        <translation>Erfolg</translation>
    </message>
    <message>
        <source>no eligible candidate left</source>
        <translation>kein zulässiger Kandidat übrig</translation>
    </message>
    <message>
        <source>configuration error</source>
        <translation>Konfigurationsfehler</translation>
    </message>
    <message>
        <source>… (event limit)</source>
        <translation>… (Ereignisgrenze)</translation>
    </message>
    <message>
        <source>+%1 · %2</source>
        <translation>+%1 · %2</translation>
    </message>
    <message>
        <source>attempt</source>
        <translation>Versuch</translation>
    </message>
    <message>
        <source>retry wait</source>
        <translation>Wartezeit vor Wiederholung</translation>
    </message>
    <message>
        <source>reset wait</source>
        <translation>Warten auf Rücksetzung</translation>
    </message>
    <message>
        <source>skip</source>
        <translation>überspringen</translation>
    </message>
    <message>
        <source>stop</source>
        <translation>anhalten</translation>
    </message>
    <message>
        <source>none left</source>
        <translation>keiner übrig</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>ungültig</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 — %2 — %3</source>
        <translation>%1 — %2 — %3</translation>
    </message>
    <message>
        <source>Why: %1</source>
        <translation>Warum: %1</translation>
    </message>
    <message>
        <source>paused by kandev (circuit open)</source>
        <translation>von kandev pausiert (Schutzschalter offen)</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>pausiert</translation>
    </message>
    <message>
        <source>A dot is an attempt. A plain bar is the wait before a retry of the same candidate; a hatched bar is a wait for the provider&apos;s reset. An arrow skips to the next candidate. The cycle ends in a diamond (success), a square (stop: a person must act), a triangle (no eligible candidate left) or a cross (a candidate with invalid policies). A pause sign marks a candidate kandev passes over because its circuit is open (live routes only).</source>
        <translation>Ein Punkt ist ein Versuch. Ein einfacher Balken ist die Wartezeit vor einer Wiederholung desselben Kandidaten, ein schraffierter Balken das Warten auf die Rücksetzung des Anbieters. Ein Pfeil steht für das Überspringen zum nächsten Kandidaten. Der Routendurchlauf endet mit einer Raute (Erfolg), einem Quadrat (anhalten: ein Mensch muss eingreifen), einem Dreieck (kein zulässiger Kandidat übrig) oder einem Kreuz (ein Kandidat mit ungültigen Richtlinien). Ein Pausenzeichen markiert einen Kandidaten, den kandev übergeht, weil sein Schutzschalter offen ist (nur bei laufenden Routen).</translation>
    </message>
    <message>
        <source>%1 (removed)</source>
        <extracomment>a lane of the timeline for a candidate only the saved route has</extracomment>
        <translation>%1 (entfernt)</translation>
    </message>
    <message>
        <source>While the profile is edited, the route as saved runs under it in each lane, in small outlined and dashed shapes (Compare with saved).</source>
        <translation>Solange das Profil bearbeitet wird, verläuft die gespeicherte Route in jeder Bahn darunter, in kleinen, umrissenen und gestrichelten Formen (Mit Gespeichertem vergleichen).</translation>
    </message>
    <message>
        <source>saved, before the edit</source>
        <extracomment>the legend&apos;s entry for the saved route, drawn dashed under the edited one</extracomment>
        <translation>gespeichert, vor der Bearbeitung</translation>
    </message>
</context>
<context>
    <name>gui::TryErrorPanel</name>
    <message>
        <source>The failure came &amp;before any output or tool activity</source>
        <translation>Der Fehlschlag kam &amp;vor jeder Ausgabe oder Werkzeugaktivität</translation>
    </message>
    <message>
        <source>Raw error</source>
        <translation>Roher Fehlertext</translation>
    </message>
    <message>
        <source>Show in Timeline</source>
        <translation>In der Zeitleiste zeigen</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <source>Agent that printed the error</source>
        <translation>Agent, der den Fehler ausgab</translation>
    </message>
    <message>
        <source>The kandev agent that printed the error: its own wording is read before provider-neutral wording.</source>
        <translation>Der kandev-Agent, der den Fehler ausgab: Sein eigener Wortlaut wird vor anbieterneutralem Wortlaut gelesen.</translation>
    </message>
    <message>
        <source>Not known</source>
        <translation>Nicht bekannt</translation>
    </message>
    <message>
        <source>%1 (before the agent runs)</source>
        <translation>%1 (bevor der Agent läuft)</translation>
    </message>
    <message>
        <source>%1 (agent running)</source>
        <translation>%1 (Agent läuft)</translation>
    </message>
    <message>
        <source>Phase of the failure</source>
        <translation>Phase des Fehlschlags</translation>
    </message>
    <message>
        <source>When the error happened. An error no rule knows is unknown_provider_error before the agent runs and agent_runtime_error after it; both stop.</source>
        <translation>Wann der Fehler auftrat. Ein Fehler, den keine Regel kennt, ist vor dem Start des Agenten unknown_provider_error und danach agent_runtime_error; beide halten an.</translation>
    </message>
    <message>
        <source>A&amp;gent:</source>
        <translation>Agen&amp;t:</translation>
    </message>
    <message>
        <source>Phase:</source>
        <translation>Phase:</translation>
    </message>
    <message>
        <source>Paste an error: the response (an optional &quot;HTTP/1.1 429&quot; line, headers, a blank line, the body), or an agent&apos;s stderr (an optional &quot;exit code: 127&quot; line first). What you paste is read as the error&apos;s own words, as if it had failed with an error status.</source>
        <translation>Fügen Sie einen Fehler ein: die Antwort (optional eine Zeile „HTTP/1.1 429“, Header, eine Leerzeile, der Inhalt) oder die Fehlerausgabe eines Agenten (optional zuerst eine Zeile „exit code: 127“). Was Sie einfügen, wird als Wortlaut des Fehlers selbst gelesen, als wäre er mit einem Fehlerstatus gescheitert.</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
</context>
<context>
    <name>gui::ValidationPane</name>
    <message>
        <source>Validation problems</source>
        <translation>Probleme aus der Prüfung</translation>
    </message>
    <message>
        <source>No problems: this profile can be saved.</source>
        <translation>Keine Probleme: Dieses Profil kann gespeichert werden.</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) must be fixed before saving. Activate one to go to its field.</source>
        <translation>
            <numerusform>%n Problem muss vor dem Speichern behoben werden. Aktivieren Sie es, um zu seinem Feld zu gelangen.</numerusform>
            <numerusform>%n Probleme müssen vor dem Speichern behoben werden. Aktivieren Sie eines, um zu seinem Feld zu gelangen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Read-only: %1. Nothing can be saved.</source>
        <translation>Schreibgeschützt: %1. Es kann nichts gespeichert werden.</translation>
    </message>
    <message numerus="yes">
        <source>Read-only: %1. %n problem(s):</source>
        <translation>
            <numerusform>Schreibgeschützt: %1. %n Problem:</numerusform>
            <numerusform>Schreibgeschützt: %1. %n Probleme:</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing is open.</source>
        <translation>Es ist nichts geöffnet.</translation>
    </message>
    <message numerus="yes">
        <source>No problems: this profile can be saved. %n warning(s) about what kandev may refuse.</source>
        <translation>
            <numerusform>Keine Probleme: Dieses Profil kann gespeichert werden. %n Warnung dazu, was kandev ablehnen könnte.</numerusform>
            <numerusform>Keine Probleme: Dieses Profil kann gespeichert werden. %n Warnungen dazu, was kandev ablehnen könnte.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n house rule(s) broken; the rules file lets you save anyway.</source>
        <translation>
            <numerusform>%n Hausregel verletzt; die Regeldatei erlaubt das Speichern trotzdem.</numerusform>
            <numerusform>%n Hausregeln verletzt; die Regeldatei erlaubt das Speichern trotzdem.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gui::WhatHappensPanel</name>
    <message>
        <source>The provider reports a reset in</source>
        <translation>Der Anbieter meldet eine Rücksetzung in</translation>
    </message>
    <message>
        <source>before any output or tool activity</source>
        <translation>vor jeder Ausgabe oder Werkzeugaktivität</translation>
    </message>
    <message>
        <source>the reset wait was already used</source>
        <translation>das Warten auf Rücksetzung wurde schon genutzt</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 — unclassified</source>
        <translation>%1 — nicht eingestuft</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Reset in</source>
        <translation>Rücksetzung in</translation>
    </message>
    <message>
        <source>The failure came:</source>
        <translation>Der Fehlschlag kam:</translation>
    </message>
    <message>
        <source>Decision:</source>
        <translation>Entscheidung:</translation>
    </message>
    <message>
        <source>Select a candidate.</source>
        <translation>Wählen Sie einen Kandidaten.</translation>
    </message>
    <message>
        <source>Error:</source>
        <translation>Fehler:</translation>
    </message>
    <message>
        <source>Retries already made:</source>
        <translation>Bisherige Wiederholungen:</translation>
    </message>
</context>
<context>
    <name>model::CandidateListModel</name>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n Problem</numerusform>
            <numerusform>%n Probleme</numerusform>
        </translation>
    </message>
    <message>
        <source>Stale: profile not found</source>
        <translation>Veraltet: Profil nicht gefunden</translation>
    </message>
    <message>
        <source>Stale: profile deleted</source>
        <translation>Veraltet: Profil gelöscht</translation>
    </message>
    <message>
        <source>Ineligible: profile disabled</source>
        <translation>Nicht zulässig: Profil deaktiviert</translation>
    </message>
    <message>
        <source>Ineligible: auto fallback</source>
        <translation>Nicht zulässig: automatischer Fallback</translation>
    </message>
    <message>
        <source>Ineligible: dynamic profile</source>
        <translation>Nicht zulässig: dynamisches Profil</translation>
    </message>
    <message>
        <source>Ineligible: references itself</source>
        <translation>Nicht zulässig: verweist auf sich selbst</translation>
    </message>
    <message>
        <source>Agent profile: %1</source>
        <translation>Agentenprofil: %1</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Aktiviert</translation>
    </message>
    <message>
        <source>Disabled</source>
        <translation>Deaktiviert</translation>
    </message>
    <message>
        <source>Legacy rules</source>
        <translation>Alte Regeln</translation>
    </message>
    <message>
        <source>Position %1 in the route</source>
        <translation>Position %1 in der Route</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Kandidat</translation>
    </message>
    <message>
        <source>Policies</source>
        <translation>Richtlinien</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Ineligible: named twice</source>
        <translation>Nicht zulässig: zweimal genannt</translation>
    </message>
    <message>
        <source>Ineligible: profile has no agent</source>
        <translation>Nicht zulässig: Profil ohne Agenten</translation>
    </message>
    <message>
        <source>Ineligible: Office profile</source>
        <translation>Nicht zulässig: Office-Profil</translation>
    </message>
    <message>
        <source>Warning: agent may not be launchable</source>
        <translation>Warnung: Agent womöglich nicht startbar</translation>
    </message>
    <message numerus="yes">
        <source>House rule(s): %1</source>
        <extracomment>%1: the ids of the house rules a candidate breaks</extracomment>
        <translation>
            <numerusform>Hausregel: %1</numerusform>
            <numerusform>Hausregeln: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::Commands</name>
    <message>
        <source>Enable %1</source>
        <translation>%1 aktivieren</translation>
    </message>
    <message>
        <source>Disable %1</source>
        <translation>%1 deaktivieren</translation>
    </message>
    <message>
        <source>Move %1 up to position %2</source>
        <translation>%1 nach oben auf Position %2 verschieben</translation>
    </message>
    <message>
        <source>Move %1 down to position %2</source>
        <translation>%1 nach unten auf Position %2 verschieben</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>%1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>Rename the profile to &quot;%1&quot;</source>
        <translation>Profil in „%1“ umbenennen</translation>
    </message>
    <message>
        <source>Enable the profile %1</source>
        <translation>Profil %1 aktivieren</translation>
    </message>
    <message>
        <source>Disable the profile %1</source>
        <translation>Profil %1 deaktivieren</translation>
    </message>
    <message>
        <source>New dynamic profile</source>
        <translation>Neues dynamisches Profil</translation>
    </message>
    <message>
        <source>Delete the profile %1</source>
        <translation>Profil %1 löschen</translation>
    </message>
</context>
<context>
    <name>model::EditorDocument</name>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
    <message>
        <source>%1 is open read-only: %2</source>
        <translation>%1 ist schreibgeschützt geöffnet: %2</translation>
    </message>
    <message numerus="yes">
        <source>The document has %n problem(s); fix them before saving.</source>
        <translation>
            <numerusform>Das Dokument hat %n Problem; beheben Sie es vor dem Speichern.</numerusform>
            <numerusform>Das Dokument hat %n Probleme; beheben Sie sie vor dem Speichern.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 holds no dynamic profile to edit.</source>
        <translation>%1 enthält kein dynamisches Profil zum Bearbeiten.</translation>
    </message>
    <message>
        <source>Profile %1 is read-only: %2</source>
        <translation>Das Profil %1 ist schreibgeschützt: %2</translation>
    </message>
    <message>
        <source>The document as it would be written does not pass validation, so it is not written:
%1</source>
        <translation>Das Dokument besteht in der Form, in der es geschrieben würde, die Prüfung nicht und wird daher nicht geschrieben:
%1</translation>
    </message>
    <message>
        <source>Profile %1 as it would be written does not pass validation, so nothing is written:
%2</source>
        <translation>Das Profil %1 besteht in der Form, in der es geschrieben würde, die Prüfung nicht; daher wird nichts geschrieben:
%2</translation>
    </message>
    <message>
        <source>a row of this profile holds a value that cannot be read</source>
        <translation>eine Zeile dieses Profils enthält einen Wert, der nicht gelesen werden kann</translation>
    </message>
    <message>
        <source>a route of this profile has a policy version newer than this build; saving could lose what it means</source>
        <translation>eine Route dieses Profils hat eine neuere Richtlinienversion als dieses Programm; beim Speichern könnte ihre Bedeutung verloren gehen</translation>
    </message>
    <message>
        <source>its legacy rules cannot be migrated (%1); settle them in kandev and open the database again</source>
        <translation>seine alten Regeln lassen sich nicht migrieren (%1); klären Sie sie in kandev und öffnen Sie die Datenbank erneut</translation>
    </message>
    <message>
        <source>Nothing was saved: %1</source>
        <translation>Es wurde nichts gespeichert: %1</translation>
    </message>
    <message numerus="yes">
        <source>The house rules forbid saving while %n of them are broken (the rules file says they block).</source>
        <translation>
            <numerusform>Die Hausregeln verbieten das Speichern, solange %n davon verletzt ist (die Regeldatei lässt sie blockieren).</numerusform>
            <numerusform>Die Hausregeln verbieten das Speichern, solange %n davon verletzt sind (die Regeldatei lässt sie blockieren).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::FleetModel</name>
    <message>
        <source>stops at once</source>
        <translation>hält sofort an</translation>
    </message>
    <message>
        <source>none left</source>
        <translation>keiner mehr übrig</translation>
    </message>
    <message>
        <source>%1, then stop</source>
        <translation>%1, dann Anhalten</translation>
    </message>
    <message>
        <source>%1, then none left</source>
        <translation>%1, dann keiner mehr übrig</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>aktiviert</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>deaktiviert</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n enabled</source>
        <translation>
            <numerusform>%1 von %n aktiviert</numerusform>
            <numerusform>%1 von %n aktiviert</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n Fehler</numerusform>
            <numerusform>%n Fehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n Warnung</numerusform>
            <numerusform>%n Warnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Profile id: %1</source>
        <translation>Profil-ID: %1</translation>
    </message>
    <message>
        <source>The longest a route cycle can hold a task for %1 before it stops for a person or no candidate is left.</source>
        <translation>Die längste Zeit, die ein Routendurchlauf eine Aufgabe für %1 festhalten kann, bevor er für einen manuellen Eingriff anhält oder kein Kandidat mehr übrig ist.</translation>
    </message>
    <message>
        <source>Attempts in the worst-case cycle: %1 for transient errors, %2 for hard errors.</source>
        <translation>Versuche im ungünstigsten Routendurchlauf: %1 bei vorübergehenden Fehlern, %2 bei dauerhaften Fehlern.</translation>
    </message>
    <message>
        <source>Some enabled candidate names a profile whose agent the document does not say.</source>
        <translation>Ein aktivierter Kandidat nennt ein Profil, dessen Agent das Dokument nicht angibt.</translation>
    </message>
    <message>
        <source>Rules broken: %1</source>
        <translation>Verletzte Regeln: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n excepted by the rules file.</source>
        <translation>
            <numerusform>%n durch die Regeldatei ausgenommen.</numerusform>
            <numerusform>%n durch die Regeldatei ausgenommen.</numerusform>
        </translation>
    </message>
    <message>
        <source>kandev&apos;s limits</source>
        <translation>die Grenzen von kandev</translation>
    </message>
    <message>
        <source>kandev&apos;s candidate rules</source>
        <translation>die Kandidatenregeln von kandev</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Kandidaten</translation>
    </message>
    <message>
        <source>Hold, transient</source>
        <translation>Halten, vorübergehend</translation>
    </message>
    <message>
        <source>Hold, hard</source>
        <translation>Halten, dauerhaft</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Live routes</source>
        <translation>Laufende Routen</translation>
    </message>
    <message>
        <source>Violations</source>
        <translation>Verstöße</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n time(s))</source>
        <translation>
            <numerusform>%1 (%n-mal)</numerusform>
            <numerusform>%1 (%n-mal)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::HouseRules</name>
    <message>
        <source>House rules: none</source>
        <translation>Hausregeln: keine</translation>
    </message>
    <message>
        <source>House rules: %1 cannot be used</source>
        <translation>Hausregeln: %1 ist nicht verwendbar</translation>
    </message>
    <message>
        <source>House rules: %1 (chosen in the settings)</source>
        <translation>Hausregeln: %1 (in den Einstellungen gewählt)</translation>
    </message>
    <message>
        <source>House rules: %1 (found beside the document)</source>
        <translation>Hausregeln: %1 (neben dem Dokument gefunden)</translation>
    </message>
    <message>
        <source>House rules: %1 (found beside the database)</source>
        <translation>Hausregeln: %1 (neben der Datenbank gefunden)</translation>
    </message>
    <message>
        <source>No rules file is chosen in the settings, and there is no %1 in the document&apos;s folder or a parent: only kandev&apos;s own rules are checked.</source>
        <translation>In den Einstellungen ist keine Regeldatei gewählt, und im Ordner des Dokuments oder einem übergeordneten Ordner gibt es keine %1: Nur die eigenen Regeln von kandev werden geprüft.</translation>
    </message>
    <message numerus="yes">
        <source>%1:%2:%3: %4 (%n problem(s) in all; policyctl lint --rules lists them)</source>
        <translation>
            <numerusform>%1:%2:%3: %4 (insgesamt %n Problem; policyctl lint --rules listet es auf)</numerusform>
            <numerusform>%1:%2:%3: %4 (insgesamt %n Probleme; policyctl lint --rules listet sie auf)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>model::LiveRoutesModel</name>
    <message>
        <source>Selecting</source>
        <translation>Auswahl läuft</translation>
    </message>
    <message>
        <source>Agent profile %1</source>
        <translation>Agentenprofil %1</translation>
    </message>
    <message>
        <source>Starting</source>
        <translation>Startet</translation>
    </message>
    <message>
        <source>Waiting (no candidate)</source>
        <translation>Wartet (kein Kandidat)</translation>
    </message>
    <message>
        <source>Retrying</source>
        <translation>Wiederholt</translation>
    </message>
    <message>
        <source>Retry wait</source>
        <translation>Wartezeit vor Wiederholung</translation>
    </message>
    <message>
        <source>Waiting for reset</source>
        <translation>Wartet auf Rücksetzung</translation>
    </message>
    <message>
        <source>Action required</source>
        <translation>Eingriff erforderlich</translation>
    </message>
    <message>
        <source>Unknown: %1</source>
        <translation>Unbekannt: %1</translation>
    </message>
    <message>
        <source>due</source>
        <translation>fällig</translation>
    </message>
    <message>
        <source>wait up to %1 for a reset</source>
        <translation>bis zu %1 auf eine Rücksetzung warten</translation>
    </message>
    <message numerus="yes">
        <source>%n retries from %1</source>
        <translation>
            <numerusform>%n Wiederholung ab %1</numerusform>
            <numerusform>%n Wiederholungen ab %1</numerusform>
        </translation>
    </message>
    <message>
        <source>no wait, no retry</source>
        <translation>kein Warten, keine Wiederholung</translation>
    </message>
    <message>
        <source>, then </source>
        <translation>, dann </translation>
    </message>
    <message>
        <source>skip, but no candidate is left (the route waits)</source>
        <translation>überspringen, aber es bleibt kein Kandidat übrig (die Route wartet)</translation>
    </message>
    <message>
        <source>skip to %1</source>
        <translation>zu %1 überspringen</translation>
    </message>
    <message>
        <source>stop for a person</source>
        <translation>für manuellen Eingriff anhalten</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: retry %1 of %2 in %3, then %4.</source>
        <translation>Wenn derselbe Fehler zur Frist erneut auftritt: Wiederholung %1 von %2 in %3, dann %4.</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: wait %1 for the provider&apos;s reset, then %2.</source>
        <translation>Wenn derselbe Fehler zur Frist erneut auftritt: %1 auf die Rücksetzung des Anbieters warten, dann %2.</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: %1.</source>
        <translation>Wenn derselbe Fehler zur Frist erneut auftritt: %1.</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: stop for a person (the error is not classified).</source>
        <translation>Wenn derselbe Fehler zur Frist erneut auftritt: für manuellen Eingriff anhalten (der Fehler ist nicht eingestuft).</translation>
    </message>
    <message>
        <source>If the same error repeats at the deadline: stop for a person.</source>
        <translation>Wenn derselbe Fehler zur Frist erneut auftritt: für manuellen Eingriff anhalten.</translation>
    </message>
    <message>
        <source>%1: scheduled under %2; you are editing %3.</source>
        <translation>%1: geplant unter %2; Sie bearbeiten %3.</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>unlesbar</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>differs</source>
        <translation>abweichend</translation>
    </message>
    <message>
        <source>same</source>
        <translation>gleich</translation>
    </message>
    <message>
        <source>policy_state_json cannot be read: %1</source>
        <translation>policy_state_json ist nicht lesbar: %1</translation>
    </message>
    <message>
        <source>The policy it was scheduled under cannot be read: %1</source>
        <translation>Die Richtlinie, unter der sie geplant wurde, ist nicht lesbar: %1</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Kandidat</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>Fehlschlag</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Wiederholung</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>Frist</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>Verbleibend</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>Richtlinie</translation>
    </message>
    <message>
        <source>unknown: %1</source>
        <translation>unbekannt: %1</translation>
    </message>
    <message>
        <source>What the route does when its waits and retries are used up (the pending outcome it was scheduled with)</source>
        <translation>Was die Route tut, wenn ihre Wartezeiten und Wiederholungen aufgebraucht sind (das ausstehende Ergebnis, mit dem sie geplant wurde)</translation>
    </message>
    <message>
        <source>Then</source>
        <translation>Danach</translation>
    </message>
    <message>
        <source>Deadline %1, due now.</source>
        <translation>Frist %1, jetzt fällig.</translation>
    </message>
    <message>
        <source>Deadline %1, in %2.</source>
        <translation>Frist %1, in %2.</translation>
    </message>
    <message>
        <source>The classes whose wait for a provider reset this route cycle has used</source>
        <translation>Die Klassen, deren Warten auf eine Rücksetzung des Anbieters dieser Routendurchlauf schon genutzt hat</translation>
    </message>
    <message>
        <source>Reset waits</source>
        <translation>Warten auf Rücksetzung</translation>
    </message>
    <message>
        <source>This route&apos;s row cannot be read: %1</source>
        <translation>Die Zeile dieser Route ist nicht lesbar: %1</translation>
    </message>
</context>
<context>
    <name>model::ProfileListModel</name>
    <message numerus="yes">
        <source>%1 — %n candidate(s)</source>
        <translation>
            <numerusform>%1 — %n Kandidat</numerusform>
            <numerusform>%1 — %n Kandidaten</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 [disabled]</source>
        <extracomment>A dynamic profile switched off (agent_profiles.enabled), as the Route dock lists it.</extracomment>
        <translation>%1 [deaktiviert]</translation>
    </message>
</context>
<context>
    <name>model::TimelineEventModel</name>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Kandidat</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
</context>
<context>
    <name>model::TimelinePreview</name>
    <message>
        <source>Attempt %1</source>
        <translation>Versuch %1</translation>
    </message>
    <message>
        <source>Retry %1 after %2</source>
        <translation>Wiederholung %1 nach %2</translation>
    </message>
    <message>
        <source>Reset wait %1</source>
        <translation>Warten auf Rücksetzung %1</translation>
    </message>
    <message>
        <source>Skip to the next candidate</source>
        <translation>Zum nächsten Kandidaten überspringen</translation>
    </message>
    <message>
        <source>Stop: action required</source>
        <translation>Anhalten: Eingriff erforderlich</translation>
    </message>
    <message>
        <source>Success</source>
        <translation>Erfolg</translation>
    </message>
    <message>
        <source>No eligible candidate left</source>
        <translation>Kein zulässiger Kandidat übrig</translation>
    </message>
    <message>
        <source>Configuration error</source>
        <translation>Konfigurationsfehler</translation>
    </message>
    <message>
        <source>Simulation stopped at its event limit</source>
        <translation>Simulation an ihrer Ereignisgrenze beendet</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>%1: what the error is (&quot;model at capacity&quot;), %2: its class (&quot;transient errors&quot;)</extracomment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 · safety gate: unclassified or after side effects</source>
        <translation>%1 · Sicherheitsschranke: nicht eingestuft oder nach Seiteneffekten</translation>
    </message>
    <message>
        <source>success</source>
        <translation>Erfolg</translation>
    </message>
    <message>
        <source>stop for manual recovery</source>
        <translation>Anhalten für manuellen Eingriff</translation>
    </message>
    <message>
        <source>no eligible candidate left</source>
        <translation>kein zulässiger Kandidat übrig</translation>
    </message>
    <message>
        <source>a configuration error</source>
        <translation>Konfigurationsfehler</translation>
    </message>
    <message>
        <source>the event limit</source>
        <translation>Ereignisgrenze</translation>
    </message>
    <message numerus="yes">
        <source>%n attempt(s) in %1, ending in %2.</source>
        <translation>
            <numerusform>%n Versuch in %1, Ende: %2.</numerusform>
            <numerusform>%n Versuche in %1, Ende: %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, then stop on %2</source>
        <translation>%1, dann Anhalten bei %2</translation>
    </message>
    <message>
        <source>%1, then no eligible candidate</source>
        <translation>%1, dann kein zulässiger Kandidat</translation>
    </message>
    <message>
        <source>Worst case from the first failure: transient errors %1; hard errors %2.</source>
        <translation>Schlimmster Fall ab dem ersten Fehlschlag: bei vorübergehenden Fehlern %1; bei dauerhaften Fehlern %2.</translation>
    </message>
    <message>
        <source>%1 is disabled and never tried.</source>
        <translation>%1 ist deaktiviert und wird nie versucht.</translation>
    </message>
    <message>
        <source>%1 is invalid and stops every cycle that reaches it.</source>
        <translation>%1 ist ungültig und hält jeden Routendurchlauf an, der ihn erreicht.</translation>
    </message>
    <message>
        <source>%1 is never reached for %2: an earlier candidate stops.</source>
        <translation>%1 wird für %2 nie erreicht: Ein früherer Kandidat hält an.</translation>
    </message>
    <message>
        <source>Every candidate skips %1: the route ends with no eligible candidate.</source>
        <translation>Für %1 sieht jeder Kandidat „überspringen“ vor: Die Route endet ohne zulässigen Kandidaten.</translation>
    </message>
    <message>
        <source>%1 retries hard errors without a reset wait; quota and credential errors rarely clear that fast.</source>
        <translation>%1 wiederholt dauerhafte Fehler ohne Warten auf Rücksetzung; Kontingent- und Zugangsfehler beheben sich selten so schnell.</translation>
    </message>
    <message>
        <source>No candidate is enabled.</source>
        <translation>Kein Kandidat ist aktiviert.</translation>
    </message>
    <message numerus="yes">
        <source>The simulation stopped after %n event(s).</source>
        <translation>
            <numerusform>Die Simulation endete nach %n Ereignis.</numerusform>
            <numerusform>Die Simulation endete nach %n Ereignissen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Retry timeline for the scenario %1. %2</source>
        <translation>Wiederholungszeitleiste für das Szenario %1. %2</translation>
    </message>
    <message>
        <source>%1 references a profile it may not use; kandev will not run it.</source>
        <translation>%1 verweist auf ein Profil, das er nicht nutzen darf; kandev führt ihn nicht aus.</translation>
    </message>
    <message>
        <source>%1 · retry ordinal %2 · until +%3 · then %4</source>
        <extracomment>%3: the deadline as an offset from the first failure</extracomment>
        <translation>%1 · Wiederholung Nr. %2 · bis +%3 · dann %4</translation>
    </message>
    <message>
        <source>%1 · trusted reset at +%2 · then %3</source>
        <translation>%1 · verlässliche Rücksetzung bei +%2 · dann %3</translation>
    </message>
    <message>
        <source>Retry %1 of %2: the first retry after %3, doubled for each retry after it.</source>
        <translation>Wiederholung %1 von %2: die erste nach %3, jede weitere mit doppelter Wartezeit.</translation>
    </message>
    <message numerus="yes">
        <source>All %n retry(s) are used.</source>
        <translation>
            <numerusform>Die %n Wiederholung ist aufgebraucht.</numerusform>
            <numerusform>Alle %n Wiederholungen sind aufgebraucht.</numerusform>
        </translation>
    </message>
    <message>
        <source>Attempt %1 succeeds in this scenario.</source>
        <translation>Versuch %1 gelingt in diesem Szenario.</translation>
    </message>
    <message>
        <source>Every later candidate is disabled or was skipped: no candidate is left to try.</source>
        <translation>Jeder spätere Kandidat ist deaktiviert oder wurde übersprungen: Es bleibt kein Kandidat mehr, der versucht werden kann.</translation>
    </message>
    <message>
        <source>This candidate&apos;s policies are not valid (%1), so the cycle stops here.</source>
        <translation>Die Richtlinien dieses Kandidaten sind ungültig (%1), daher endet der Routendurchlauf hier.</translation>
    </message>
    <message>
        <source>The scenario never ends; the preview stops at its event limit.</source>
        <translation>Das Szenario endet nie; die Vorschau hält an ihrer Ereignisgrenze an.</translation>
    </message>
    <message>
        <source>The provider reports a trusted reset in %1, within this candidate&apos;s %2 maximum wait for %3, so it waits and tries once more.</source>
        <translation>Der Anbieter meldet eine verlässliche Rücksetzung in %1, innerhalb der Höchstwartezeit dieses Kandidaten für %3 (%2); daher wird gewartet und noch einmal versucht.</translation>
    </message>
    <message>
        <source>Retrying is off for %1 on this candidate.</source>
        <translation>Wiederholen ist für %1 bei diesem Kandidaten aus.</translation>
    </message>
    <message>
        <source>Once recovery is exhausted, %1 on this candidate skip to the next candidate.</source>
        <translation>Nach ausgeschöpfter Fehlerbehebung gilt für %1 dieses Kandidaten: zum nächsten Kandidaten überspringen.</translation>
    </message>
    <message>
        <source>Once recovery is exhausted, %1 on this candidate stop for manual recovery.</source>
        <translation>Nach ausgeschöpfter Fehlerbehebung gilt für %1 dieses Kandidaten: für manuellen Eingriff anhalten.</translation>
    </message>
    <message>
        <source>Passed over: circuit open for %1</source>
        <translation>Übergangen: Schutzschalter offen für %1</translation>
    </message>
    <message>
        <source>%1 · %2 · until %3</source>
        <translation>%1 · %2 · bis %3</translation>
    </message>
    <message>
        <source>kandev paused %1 after %2 until %3; a candidate whose circuit is open is passed over without an attempt.</source>
        <extracomment>%1: a resource key such as profile:claude-sonnet, %2: a failure code, %3: a time</extracomment>
        <translation>kandev hat %1 nach %2 bis %3 pausiert; ein Kandidat mit offenem Schutzschalter wird ohne Versuch übergangen.</translation>
    </message>
    <message>
        <source>Compared with the saved policy: %1.</source>
        <extracomment>%1: what the edit does to the route (&quot;+1 attempt, 40 s longer&quot;); the saved route is drawn dashed</extracomment>
        <translation>Verglichen mit der gespeicherten Richtlinie: %1.</translation>
    </message>
    <message>
        <source>This candidate&apos;s configuration cannot be simulated.</source>
        <translation>Die Konfiguration dieses Kandidaten lässt sich nicht simulieren.</translation>
    </message>
</context>
<context>
    <name>model::ValidationModel</name>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Kandidat</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
</context>
</TS>
