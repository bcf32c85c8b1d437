import XMLValidation

/// The W3C XML Schema of the SiteSchedule feed (`Samples/SiteSchedule/schedule.xsd`, which a
/// test keeps equal to this text): what `siteschedule import --validate` checks a feed
/// against while it imports it.
public enum ScheduleSchema {
    /// The schema document, as `schedule.xsd` has it.
    public static let text = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!--
  The SiteSchedule feed, as the importer reads it (siteschedule import -validate checks a
  feed against it while importing). A code is what the handlers accept once white space is
  trimmed, and not empty; times are the feed's "2012-03-01 6:00". There is no keyref from
  activity/@team to team/@code: a team may be in the database already, not in the feed.
-->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:element name="schedule">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="teams" minOccurs="0">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="team" type="Team" minOccurs="0" maxOccurs="unbounded"/>
            </xs:sequence>
          </xs:complexType>
        </xs:element>
        <xs:element name="sites" minOccurs="0">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="site" type="Site" minOccurs="0" maxOccurs="unbounded"/>
            </xs:sequence>
          </xs:complexType>
        </xs:element>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <!-- A code: what the handlers accept once white space is trimmed, not empty. -->
  <xs:simpleType name="Code">
    <xs:restriction base="xs:token">
      <xs:minLength value="1"/>
    </xs:restriction>
  </xs:simpleType>

  <!-- The feed's time: 2012-03-01 6:00 (the hour without a leading zero). -->
  <xs:simpleType name="FeedTime">
    <xs:restriction base="xs:string">
      <xs:pattern value="\s*\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}\s*"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="YesNo">
    <xs:restriction base="xs:string">
      <xs:enumeration value="YES"/>
      <xs:enumeration value="NO"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:complexType name="Team">
    <xs:sequence>
      <xs:element name="name" type="xs:string" minOccurs="0"/>
      <xs:element name="contact" minOccurs="0" maxOccurs="unbounded">
        <xs:complexType>
          <xs:simpleContent>
            <xs:extension base="xs:string">
              <xs:attribute name="phone" type="xs:string"/>
              <xs:attribute name="isHead" type="YesNo"/>
            </xs:extension>
          </xs:simpleContent>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
    <xs:attribute name="code" type="Code" use="required"/>
  </xs:complexType>

  <xs:complexType name="Site">
    <xs:all>
      <xs:element name="name" type="xs:string" minOccurs="0"/>
      <xs:element name="street" type="xs:string" minOccurs="0"/>
      <xs:element name="city" minOccurs="0">
        <xs:complexType>
          <xs:simpleContent>
            <xs:extension base="xs:string">
              <xs:attribute name="zip" type="xs:string"/>
            </xs:extension>
          </xs:simpleContent>
        </xs:complexType>
      </xs:element>
      <xs:element name="countryCode" type="xs:string" minOccurs="0"/>
      <xs:element name="activities" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="activity" minOccurs="0" maxOccurs="unbounded">
              <xs:complexType>
                <xs:simpleContent>
                  <xs:extension base="xs:string">
                    <xs:attribute name="team" type="Code" use="required"/>
                    <xs:attribute name="start" type="FeedTime" use="required"/>
                    <xs:attribute name="end" type="FeedTime" use="required"/>
                  </xs:extension>
                </xs:simpleContent>
              </xs:complexType>
            </xs:element>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
    </xs:all>
    <xs:attribute name="code" type="Code" use="required"/>
  </xs:complexType>
</xs:schema>

"""#

    /// The schema, compiled (once per call: a fraction of a millisecond).
    public static func compiled() throws -> XMLSchema {
        try XMLSchema(string: text, name: "schedule.xsd")
    }
}
