/** A refusal of one field: the path names the field, the message never repeats the value. */
export interface FieldError {
  field: string;
  message: string;
}
