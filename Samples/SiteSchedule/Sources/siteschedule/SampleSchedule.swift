/// The book's listing 8.23, exactly as Samples/SiteSchedule/schedule.xml has it (a test
/// checks they match), built into the program so the main job needs no path.
enum SampleSchedule {
    static let listing = #"""
<?xml version="1.0" encoding="UTF-8"?>
<schedule>
<teams>
<team code="100">
<name>Betonbauer</name>
<contact phone="+49 163 1234567"
isHead="YES">Hr. Meier</contact>
</team>
</teams>
<sites>
<site code="10001">
<name>Kölner Dom</name>
<street>Domkloster 4</street>
<city zip="50667">Köln</city>
<countryCode>de</countryCode>
<activities>
<activity team="100" start="2012-03-01 6:00"
end="2012-03-31 12:00">
Stabilisierungsarbeiten</activity>
</activities>
</site>
</sites>
</schedule>

"""#
}
